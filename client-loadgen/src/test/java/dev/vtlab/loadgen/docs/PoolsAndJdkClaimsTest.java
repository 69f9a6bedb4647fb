package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.stored.StoredFiles;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The claims of docs/pools.md (pool-*) and the ones of docs/jdk-21-vs-25.md its own matrix does not cover
 * (QuotedNumbersTest reads those), each computed here from the results it comes from and looked for in the claim's
 * statement in docs/claims.md: a re-measured folder or a retyped figure fails, naming the claim.
 */
class PoolsAndJdkClaimsTest {

    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");
    private static final List<String> POOL_FOLDERS = List.of("pools-h2/jdk21-pool10", "pools-h2/jdk21-pool200",
            "pools-h2/jdk25-pool10", "pools-h2/jdk25-pool200", "pools-postgresql/jdk21-pool10",
            "pools-postgresql/jdk21-pool200", "pools-postgresql/jdk25-pool10", "pools-postgresql/jdk25-pool200",
            "pools-bulkhead-h2", "pools-bulkhead-postgresql", "pools-bulkhead-h2-jdk21",
            "pools-bulkhead-postgresql-jdk21");

    /** One run of the pools' folders: where it ran and its summary. */
    private record Run(String folder, String mode, String flags, JsonNode summary) {

        boolean pool10() {
            return folder.endsWith("pool10");
        }

        boolean pool200() {
            return folder.endsWith("pool200");
        }

        boolean bulkhead() {
            return folder.startsWith("pools-bulkhead");
        }

        boolean jdk21() {
            return folder.contains("jdk21");
        }

        boolean sync() {
            return mode.equals("sync");
        }

        boolean tOn() {
            return flags.startsWith("T1");
        }

        boolean rOn() {
            return flags.endsWith("R1");
        }

        double p99() {
            return summary.path("latency").path("p99Ms").asDouble();
        }

        double succeeded() {
            return summary.path("succeeded").asDouble();
        }

        long failed() {
            return summary.path("failed").asLong();
        }

        Map<String, Long> causes() {
            Map<String, Long> causes = new TreeMap<>();
            summary.path("failuresByCause").properties().forEach(e -> causes.put(e.getKey(), e.getValue().asLong()));
            return causes;
        }

        Map<String, Long> pinnedSites() {
            Map<String, Long> sites = new TreeMap<>();
            summary.path("serverJvm").path("pinnedSites").properties()
                    .forEach(e -> sites.put(e.getKey(), e.getValue().asLong()));
            return sites;
        }

        double pinned() {
            return summary.path("serverJvm").path("virtualThreadsPinned").asDouble();
        }

        @Override
        public String toString() {
            return folder + " " + mode + " " + flags;
        }
    }

    @Test
    void a_pool_of_ten_serves_its_bound_with_t_on_and_more_with_t_off() throws IOException {
        List<Run> runs = runs();
        List<Run> tOn = select(runs, r -> r.pool10() && r.sync() && r.tOn());
        assertThat(tOn).hasSize(4);
        assertThat(tOn).allSatisfy(r -> assertThat(r.causes().keySet()).as(r.folder())
                .containsExactly("HTTP 503 POOL_EXHAUSTED"));
        assertThat(Claims.statement("pool-10-t-on-serves-its-bound"))
                .contains("served " + range(tOn, Run::succeeded) + " of 2000");

        List<Run> tOff = select(runs, r -> r.pool10() && r.sync() && !r.tOn());
        assertThat(tOff).hasSize(4);
        assertThat(Claims.statement("pool-10-t-off-queues-in-tomcat"))
                .contains("served " + range(tOff, Run::succeeded) + ", more than with T on")
                .contains("(" + range(tOff, r -> r.causes().get("request timeout")) + " request timeouts a run)")
                .contains("p99 of the successes " + range(tOff, Run::p99) + " ms, against " + range(tOn, Run::p99)
                        + " ms with T on");
        assertThat(tOff.stream().mapToDouble(Run::succeeded).min().orElseThrow())
                .isGreaterThan(tOn.stream().mapToDouble(Run::succeeded).max().orElseThrow());
    }

    @Test
    void a_pool_of_two_hundred_fails_nothing_on_sync() throws IOException {
        List<Run> runs = runs();
        assertThat(select(runs, r -> r.pool200() && r.sync())).hasSize(8).allSatisfy(r -> assertThat(r.failed())
                .as(r.folder() + " " + r.flags()).isZero());
        List<Run> clean = select(runs, r -> r.pool200() && r.failed() == 0);
        assertThat(Claims.statement("pool-200-nothing-failed"))
                .contains("a p99 of " + range(clean, Run::p99) + " ms, against the pool's bound of 20000 ms");
        assertThat(clean.stream().mapToDouble(Run::p99).min().orElseThrow()).isGreaterThan(20000);
    }

    @Test
    void async_borrows_twice_and_its_two_timeouts_race() throws IOException {
        List<Run> runs = runs();
        List<Run> async = select(runs, r -> r.pool10() && !r.sync());
        List<Run> sync = select(runs, r -> r.pool10() && r.sync());
        assertThat(Claims.statement("pool-async-borrows-twice")).contains(range(async, Run::succeeded)
                + " of 2000 requests succeeded on `/async` against " + range(sync, Run::succeeded) + " on `/sync`");
        List<Run> both = select(async, r -> r.causes().containsKey("HTTP 503")
                && r.causes().containsKey("HTTP 503 POOL_EXHAUSTED"));
        assertThat(both).isNotEmpty();
        assertThat(Claims.statement("pool-two-timeouts-race"))
                .contains("(" + range(both, r -> r.causes().get("HTTP 503")) + " plain 503s in each run that had both)");
    }

    @Test
    void the_bulkhead_answers_at_once() throws IOException {
        List<Run> runs = runs();
        List<Run> bulkhead = select(runs, r -> r.bulkhead() && r.sync());
        assertThat(bulkhead).hasSize(8).allSatisfy(r -> assertThat(r.causes().keySet()).as(r.folder())
                .containsExactly("HTTP 503 BULKHEAD_FULL"));
        List<Run> without = select(runs, r -> r.pool10() && r.sync());
        assertThat(Claims.statement("pool-bulkhead-answers-at-once"))
                .contains("`/sync` served " + range(bulkhead, Run::succeeded) + " of 2000")
                .contains("p99 of the successes " + range(bulkhead, Run::p99) + " ms (H2 and PostgreSQL, JDK 21 and 25)"
                        + ", against " + range(without, Run::p99) + " ms without it");
    }

    @Test
    void r_decides_async_on_jdk_25() throws IOException {
        List<Run> runs = runs();
        List<Run> rOff25 = select(runs, r -> !r.jdk21() && !r.sync() && !r.rOn());
        assertThat(rOff25).hasSize(12).allSatisfy(r -> assertThat(r.causes().keySet()).as(r.folder())
                .containsExactly("HTTP 503"));
        String failed = range(rOff25, r -> (double) r.failed()).replace(" to ", " or ");
        assertThat(Claims.statement("pool-r-decides-async-on-jdk25"))
                .contains("every `/async` run failed " + failed + " of 2000 with Spring's plain 503");
        assertThat(select(runs, r -> r.jdk21() && r.pool200() && !r.sync() && !r.rOn()))
                .hasSize(4).allSatisfy(r -> assertThat(r.failed()).as(r.folder()).isZero());
    }

    @Test
    void no_pin_in_the_drivers_or_the_pool_on_jdk_21() throws IOException {
        List<Run> runs = runs();
        List<Run> jdk21 = select(runs, Run::jdk21);
        List<Run> jdk25 = select(runs, r -> !r.jdk21());
        String statement = Claims.statement("pool-no-pin-in-drivers-on-jdk21");
        assertThat(statement).contains("Across the " + jdk21.size() + " JDK 21 runs")
                .contains("at most " + Printed.whole(jdk21.stream().mapToDouble(Run::pinned).max().orElseThrow())
                        + " a run")
                .contains("on JDK 25 up to " + Printed.whole(jdk25.stream().mapToDouble(Run::pinned).max()
                        .orElseThrow()) + " a run");
        for (Run run : jdk21) {
            for (String site : run.pinnedSites().keySet()) {
                assertThat(site).as(run.folder()).doesNotStartWith("driver:").doesNotContainIgnoringCase("hikari");
                String type = site.substring(site.indexOf(": ") + 2, site.lastIndexOf('.'));
                String simple = type.substring(type.lastIndexOf('.') + 1).replaceFirst("\\$.*", "");
                assertThat(statement).as("a JDK 21 pin's class, " + site).contains("`" + simple);
            }
        }
        for (Run run : jdk25) {
            long inDrivers = run.pinnedSites().entrySet().stream().filter(e -> e.getKey().startsWith("driver:"))
                    .mapToLong(Map.Entry::getValue).sum();
            assertThat(inDrivers).as(run.folder() + " " + run.flags()).isLessThanOrEqualTo(1);
        }
        assertThat(statement).contains("at most one a run in a driver's socket read");
    }

    @Test
    void at_parallelism_19_jdk_25_serves_what_its_workers_can() throws IOException {
        JsonNode async = ResultsJson.run(ResultsJson.read(RESULTS.resolve("seed-parallelism19/results.json")),
                "async", "T0 A0 W0 R0").path("summary");
        assertThat(Claims.statement("jdk-parallelism-19")).contains("JDK 25 served "
                + async.path("succeeded").asString() + " of 2000 `/async` requests with every flag off and "
                + async.path("failed").asString() + " failed");
    }

    @Test
    void jdk_claims_beside_the_page_numbers() throws IOException {
        JsonNode none21 = ResultsJson.read(RESULTS.resolve("jdk-21-vs-25/jdk21-none/results.json"));
        JsonNode none25 = ResultsJson.read(RESULTS.resolve("jdk-21-vs-25/jdk25-none/results.json"));
        JsonNode sync25 = ResultsJson.read(RESULTS.resolve("jdk-21-vs-25/jdk25-synchronized/results.json"));
        String r21 = Printed.whole(ResultsJson.run(none21, "async", "T0 A0 W0 R1").path("summary").path("latency")
                .path("p99Ms"));
        String r25 = Printed.whole(ResultsJson.run(none25, "async", "T0 A0 W0 R1").path("summary").path("latency")
                .path("p99Ms"));
        assertThat(r21).isEqualTo(r25);
        assertThat(Claims.statement("jdk-same-without-a-guard")).contains("`/async` with R on " + r21 + " ms on both");
        assertThat(Claims.statement("jdk-r-off-on-two-cores")).contains(ResultsJson.run(none25, "async",
                "T0 A0 W0 R0").path("summary").path("failed").asString() + " of 2000 failed with Spring's 503");
        for (JsonNode run : none25.path("runs")) {
            JsonNode twin = ResultsJson.run(sync25, run.path("mode").asString(), run.path("flags").asString());
            assertThat(twin.path("summary").path("failed").asLong()).as("jdk-25-guard-changes-nothing: "
                    + run.path("mode").asString() + " " + run.path("flags").asString())
                    .isEqualTo(run.path("summary").path("failed").asLong());
        }
        List<Double> tOn = new ArrayList<>();
        for (String variant : List.of("jdk21-none", "jdk21-synchronized", "jdk25-none", "jdk25-synchronized")) {
            JsonNode sync = ResultsJson.run(ResultsJson.read(RESULTS.resolve("jdk-21-vs-25/" + variant
                    + "/results.json")), "sync", "T1 A0 W0 R0").path("summary");
            if (sync.path("failed").asLong() == 0) {
                tOn.add(sync.path("latency").path("p99Ms").asDouble());
            }
        }
        assertThat(tOn).hasSize(3);
        List<Double> overFloor = tOn.stream().map(p -> p / 2000).toList();
        assertThat(Claims.statement("jdk-t-on-near-the-floor")).contains("a p99 of " + NumberRange.of(tOn, "%.0f")
                + " ms on both JDKs, " + NumberRange.of(overFloor, "%.1f").replace(" to ", "x to ")
                + "x the 2000 ms floor");
    }

    @Test
    void find_a_pin_printed_what_its_claims_say() throws IOException {
        Pattern took = Pattern.compile("(?m)^(\\d+) requests at once took (\\d+) ms$");
        Pattern pinned = Pattern.compile("\"virtualThreadsPinned\":(\\d+)");
        for (String jdk : List.of("21", "25")) {
            String printed = StoredFiles.readString(RESULTS.resolve("find-a-pin/jdk" + jdk + ".txt"));
            Matcher t = took.matcher(printed);
            Matcher p = pinned.matcher(printed);
            assertThat(t.find()).as("jdk%s.txt: the burst's time", jdk).isTrue();
            assertThat(p.find()).as("jdk%s.txt: the lab's pinned count", jdk).isTrue();
            int events = printed.split("jdk\\.VirtualThreadPinned \\{", -1).length - 1;
            int inGuard = printed.split("sleepy\\.Connections\\.use", -1).length - 1;
            String statement = Claims.statement("jdk-find-a-pin-on-" + jdk);
            assertThat(statement).contains(t.group(1) + " requests").contains("took " + t.group(2) + " ms");
            if (jdk.equals("21")) {
                assertThat(inGuard).as("every pinned event in Connections.use").isEqualTo(events)
                        .isEqualTo(Integer.parseInt(p.group(1)));
                assertThat(statement).contains("with " + p.group(1) + " pinned events, all in `Connections.use`");
                assertThat(Claims.statement("jdk-find-a-pin-on-21")).isNotEmpty();
            } else {
                assertThat(inGuard).as("no pinned event in Connections.use").isZero();
                assertThat(events).isEqualTo(Integer.parseInt(p.group(1)));
                assertThat(statement).contains("with " + p.group(1) + " pinned events, none in `Connections.use`");
                assertThat(Claims.statement("jdk-find-a-pin-on-25")).isNotEmpty();
            }
        }
    }

    private static List<Run> runs() throws IOException {
        List<Run> runs = new ArrayList<>();
        for (String folder : POOL_FOLDERS) {
            for (JsonNode run : ResultsJson.read(RESULTS.resolve(folder).resolve("results.json")).path("runs")) {
                runs.add(new Run(folder, run.path("mode").asString().toLowerCase(Locale.ROOT),
                        run.path("flags").asString(), run.path("summary")));
            }
        }
        return runs;
    }

    private static List<Run> select(List<Run> runs, Predicate<Run> which) {
        return runs.stream().filter(which).toList();
    }

    private static String range(List<Run> runs, java.util.function.ToDoubleFunction<Run> value) {
        return NumberRange.of(runs.stream().map(r -> value.applyAsDouble(r)).toList(), "%.0f");
    }
}
