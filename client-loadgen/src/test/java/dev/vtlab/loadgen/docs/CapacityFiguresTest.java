package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.stored.StoredFiles;
import dev.vtlab.loadgen.capacity.CapacityRun;
import dev.vtlab.loadgen.capacity.CapacityStep;
import dev.vtlab.loadgen.report.CapacityReport;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed capacity charts are their results' own: beside every capacity results.json under docs/results lie
 * exactly the charts {@code vtlab-loadgen figures} draws from it, and each knee chart's points and ceilings agree
 * with the steps and predictions in the file, read independently here.
 */
class CapacityFiguresTest {

    private static final Pattern POINT = Pattern.compile(
            "data-run=\"([^\"]+)\" data-offered=\"([^\"]+)\" data-p99-ms=\"(\\d+)\" data-held=\"(true|false)\"");
    private static final Pattern CEILING = Pattern.compile("data-predicted=\"([^\"]+)\" data-rate=\"([^\"]+)\"");

    @Test
    void every_committed_capacity_chart_is_what_its_results_draw() throws IOException {
        List<Path> results = capacityResults();
        assertThat(results).as("capacity results under docs/results").isNotEmpty();
        for (Path file : results) {
            Map<String, String> drawn = CapacityReport.charts(CapacityReport.Results.read(file));
            try (Stream<Path> files = Files.list(file.getParent())) {
                assertThat(files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".svg")).sorted())
                        .as("charts beside %s", file).containsExactlyElementsOf(drawn.keySet().stream().sorted().toList());
            }
            for (Map.Entry<String, String> chart : drawn.entrySet()) {
                assertThat(Files.readString(file.resolveSibling(chart.getKey())))
                        .as("%s differs from what vtlab-loadgen figures %s --out %s draws", chart.getKey(),
                                CommandChecks.root().relativize(file), CommandChecks.root().relativize(file.getParent()))
                        .isEqualTo(chart.getValue());
            }
        }
    }

    @Test
    void each_knee_chart_shows_every_step_and_every_prediction_of_its_mode() throws IOException {
        for (Path file : capacityResults()) {
            CapacityReport.Results results = CapacityReport.Results.read(file);
            for (String mode : List.of("sync", "async", "wrapped", "callable")) {
                Path knee = file.resolveSibling("knee-" + mode + ".svg");
                if (!StoredFiles.exists(knee)) {
                    continue;
                }
                List<String> points = new ArrayList<>();
                List<String> ceilings = new ArrayList<>();
                for (CapacityRun run : results.runs()) {
                    if (!run.mode().equals(mode)) {
                        continue;
                    }
                    for (CapacityStep s : run.steps().stream()
                            .sorted((a, b) -> Double.compare(a.offeredRate(), b.offeredRate())).toList()) {
                        points.add(mode + " " + run.flags() + " " + CapacityRun.rate(s.offeredRate()) + " "
                                + String.format(Locale.ROOT, "%.0f", s.p99Ms()) + " " + s.held());
                    }
                    if (run.predicted() != null && !run.steps().isEmpty()) {
                        ceilings.add(mode + " " + run.flags() + " " + CapacityRun.rate(run.predicted().rate()));
                    }
                }
                String svg = Files.readString(knee);
                List<String> drawnPoints = new ArrayList<>();
                Matcher point = POINT.matcher(svg);
                while (point.find()) {
                    drawnPoints.add(point.group(1) + " " + point.group(2) + " " + point.group(3) + " " + point.group(4));
                }
                List<String> drawnCeilings = new ArrayList<>();
                Matcher ceiling = CEILING.matcher(svg);
                while (ceiling.find()) {
                    drawnCeilings.add(ceiling.group(1) + " " + ceiling.group(2));
                }
                assertThat(drawnPoints).as("points of %s", knee).containsExactlyElementsOf(points);
                assertThat(drawnCeilings).as("ceilings of %s", knee).containsExactlyElementsOf(ceilings);
            }
        }
    }

    /** Every results.json under docs/results that a capacity search wrote. */
    static List<Path> capacityResults() throws IOException {
        List<Path> capacity = new ArrayList<>();
        for (Path f : ResultsJson.allUnder(CommandChecks.root().resolve("docs/results"))) {
            if (CapacityReport.KIND.equals(ResultsJson.read(f).path("kind").asString(""))) {
                capacity.add(f);
            }
        }
        return capacity;
    }
}
