package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.stored.StoredFiles;
import dev.vtlab.loadgen.labclient.ServerLayer;
import dev.vtlab.loadgen.report.Figures;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed figures are the results' own: every {@code figures} folder under docs/results holds exactly what
 * {@code vtlab-loadgen figures} draws from the {@code results.json} beside it, and each drawing agrees with the data it came
 * from, counted independently here: cells by kind of thread and calls per map, p99 per bar.
 */
class FiguresTest {

    private static final Pattern CELL = Pattern.compile(
            "data-layer=\"([A-Z_]+)\" data-kind=\"([a-z]+)\" data-calls=\"(\\d+)\"");
    private static final Pattern BAR = Pattern.compile("data-run=\"([^\"]+)\" data-p99-ms=\"(\\d+)\"");
    private static final Pattern NO_BAR = Pattern.compile(
            "<g data-run=\"([^\"]+)\" data-status=\"([A-Z_]+)\"><text[^>]*>([^<]*)</text></g>");

    @Test
    void every_committed_figure_is_what_its_results_draw() throws IOException {
        List<Path> folders = figureFolders();
        assertThat(folders).as("committed figure folders under docs/results").isNotEmpty();
        for (Path figures : folders) {
            Path results = figures.resolveSibling("results.json");
            Map<String, String> drawn = Figures.draw(results);
            try (Stream<Path> files = Files.list(figures)) {
                assertThat(files.map(f -> f.getFileName().toString()).sorted())
                        .as("figures in %s", figures).containsExactlyElementsOf(drawn.keySet().stream().sorted().toList());
            }
            for (Map.Entry<String, String> figure : drawn.entrySet()) {
                assertThat(Files.readString(figures.resolve(figure.getKey())))
                        .as("%s/%s differs from what %s draws: vtlab-loadgen figures %s", figures, figure.getKey(),
                                results, CommandChecks.root().relativize(results))
                        .isEqualTo(figure.getValue());
            }
        }
    }

    @Test
    void each_thread_map_counts_what_the_lab_recorded() throws IOException {
        for (Path figures : figureFolders()) {
            JsonNode results = ResultsJson.read(figures.resolveSibling("results.json"));
            for (String mode : List.of("sync", "async", "wrapped", "callable")) {
                Path map = figures.resolve("threads-" + mode + ".svg");
                if (!StoredFiles.exists(map)) {
                    continue;
                }
                List<String> expected = new ArrayList<>();
                List<JsonNode> runs = ResultsJson.firstRepeats(results, mode);
                // the layers the lab reported then (a result from before a layer has no column for it); all if none
                Set<String> reported = new LinkedHashSet<>();
                runs.forEach(run -> run.path("summary").path("serverThreads").propertyNames().forEach(reported::add));
                for (JsonNode run : runs) {
                    if (!run.path("summary").path("serverThreads").isObject()) {
                        for (ServerLayer layer : ServerLayer.values()) {
                            if (reported.isEmpty() || reported.contains(layer.name())) {
                                expected.add(layer.name() + " none 0"); // not measured: an empty row
                            }
                        }
                    }
                    run.path("summary").path("serverThreads").properties().forEach(layer -> {
                        long virtual = layer.getValue().path("virtual").asLong();
                        long platform = layer.getValue().path("platform").asLong();
                        String kind = virtual > 0 && platform > 0 ? "both" : virtual > 0 ? "virtual"
                                : platform > 0 ? "platform" : "none";
                        expected.add(layer.getKey() + " " + kind + " " + (virtual + platform));
                    });
                }
                List<String> drawn = new ArrayList<>();
                Matcher cell = CELL.matcher(Files.readString(map));
                while (cell.find()) {
                    drawn.add(cell.group(1) + " " + cell.group(2) + " " + cell.group(3));
                }
                assertThat(drawn).as("cells of %s: layer, kind, calls", map).containsExactlyElementsOf(expected);
            }
        }
    }

    @Test
    void each_p99_bar_is_its_runs_p99() throws IOException {
        for (Path figures : figureFolders()) {
            JsonNode results = ResultsJson.read(figures.resolveSibling("results.json"));
            List<String> expected = new ArrayList<>();
            for (JsonNode run : results.path("runs")) {
                if (run.path("repeat").asInt() == 1 && run.path("status").asString().equals("OK")) {
                    expected.add(run.path("mode").asString() + " " + run.path("flags").asString() + " "
                            + String.format(Locale.ROOT, "%.0f", run.path("summary").path("latency").path("p99Ms")
                            .asDouble()));
                }
            }
            List<String> drawn = new ArrayList<>();
            Matcher bar = BAR.matcher(Files.readString(figures.resolve("p99.svg")));
            while (bar.find()) {
                drawn.add(bar.group(1) + " " + bar.group(2));
            }
            assertThat(drawn).as("bars of %s/p99.svg", figures).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void a_run_without_a_bar_says_why_in_its_own_words() throws IOException {
        for (Path figures : figureFolders()) {
            JsonNode results = ResultsJson.read(figures.resolveSibling("results.json"));
            Map<String, JsonNode> notOk = new LinkedHashMap<>();
            for (JsonNode run : results.path("runs")) {
                if (run.path("repeat").asInt() == 1 && !run.path("status").asString().equals("OK")) {
                    notOk.put(run.path("mode").asString() + " " + run.path("flags").asString(), run);
                }
            }
            Matcher noBar = NO_BAR.matcher(Files.readString(figures.resolve("p99.svg")));
            List<String> drawn = new ArrayList<>();
            while (noBar.find()) {
                drawn.add(noBar.group(1));
                JsonNode run = notOk.get(noBar.group(1));
                assertThat(run).as("%s in %s/p99.svg has no bar but its run is OK", noBar.group(1), figures)
                        .isNotNull();
                assertThat(noBar.group(2)).isEqualTo(run.path("status").asString());
                String words = noBar.group(3).replace("&amp;", "&").replace("…", "");
                String expectedStart = run.path("status").asString().equals("FAILED_RUN") ? ""
                        : run.path("status").asString().toLowerCase(Locale.ROOT).replace('_', ' ') + ": ";
                assertThat(expectedStart + run.path("message").asString()).as("%s in %s/p99.svg", noBar.group(1),
                        figures).startsWith(words);
            }
            assertThat(drawn).as("runs without a bar in %s/p99.svg", figures)
                    .containsExactlyElementsOf(notOk.keySet());
        }
    }

    private static List<Path> figureFolders() throws IOException {
        try (Stream<Path> folders = Files.walk(CommandChecks.root().resolve("docs/results"))) {
            return folders.filter(f -> f.getFileName().toString().equals("figures") && Files.isDirectory(f))
                    .sorted().toList();
        }
    }
}
