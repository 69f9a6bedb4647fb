package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.matrix.HumanDuration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The findings of the seed runs that are not the four styles' own (docs/claims.md, "The flags and the four styles",
 * the {@code res-} claims): the article read closely, where this machine agrees with it and where it does not, at
 * common-pool parallelism 1 (docs/results/seed-2cores) and 19 (docs/results/seed-parallelism19), and the two
 * persistence adapters side by side (docs/results/seed-repositories). Each figure is computed from its results.json
 * and looked for in the claim's statement; each verdict is checked against what the data shows. The evidence
 * READMEs' tables of runs are checked against the same files.
 */
class SeedRunsClaimsTest {

    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");
    private static final String ALL_OFF = "T0 A0 W0 R0";

    @Test
    void the_sync_baseline_is_ten_waves() throws Exception {
        JsonNode one = json("seed-2cores/results.json");
        JsonNode nineteen = json("seed-parallelism19/results.json");
        JsonNode off = summary(one, "sync", ALL_OFF);
        JsonNode off19 = summary(nineteen, "sync", ALL_OFF);
        // ten waves of 200 requests of 2 s: the burst lasts about 20 s, not 10 or 30
        for (JsonNode s : List.of(off, off19)) {
            assertThat(s.path("failed").asLong()).isZero();
            assertThat(s.path("wallTimeMs").asDouble() / 2000).isBetween(10.0, 11.0);
        }
        claim("res-sync-ten-waves", "took a burst of " + thousands(off.path("wallTimeMs")) + " ms ("
                + thousands(off19.path("wallTimeMs")) + " ms at common-pool parallelism 19, p99 "
                + thousands(off19.path("latency").path("p99Ms")) + " ms)");
    }

    @Test
    void the_articles_31_to_32_s_are_the_async_timeout() throws Exception {
        JsonNode one = json("seed-2cores/results.json");
        List<JsonNode> failing = runs(one, s -> (s.path("mode").asString().equals("async")
                || s.path("mode").asString().equals("wrapped")) && s.path("failed").asLong() > 0);
        assertThat(failing).as("async and wrapped runs with R or W off").hasSize(8);
        for (JsonNode s : failing) {
            assertThat(s.path("failed").asLong()).isEqualTo(1985);
            assertThat(s.path("failuresByCause").path("HTTP 503").asLong()).isEqualTo(1985);
        }
        claim("res-article-timeout", "answered 1985 of 2000 with HTTP 503, p99 "
                + range(failing, s -> s.path("latency").path("p99Ms").asDouble()) + " ms, the burst over in "
                + range(failing, s -> s.path("wallTimeMs").asDouble()) + " ms");
    }

    @Test
    void the_common_pools_workers_queue_the_blocking_calls() throws Exception {
        Map<Integer, JsonNode> byParallelism = new LinkedHashMap<>();
        byParallelism.put(1, json("seed-2cores/results.json"));
        byParallelism.put(19, json("seed-parallelism19/results.json"));
        Map<Integer, Long> finished = new LinkedHashMap<>();
        Map<Integer, Long> savedAfter = new LinkedHashMap<>();
        for (Map.Entry<Integer, JsonNode> e : byParallelism.entrySet()) {
            List<JsonNode> failing = runs(e.getValue(), s -> (s.path("mode").asString().equals("async")
                    || s.path("mode").asString().equals("wrapped")) && s.path("failed").asLong() > 0);
            assertThat(failing).as("R or W off at parallelism %d", e.getKey()).hasSize(8);
            for (JsonNode s : failing) {
                assertThat(s.path("serverEnvironment").path("commonPoolParallelism").asInt()).isEqualTo(e.getKey());
                JsonNode pools = s.path("serverThreads").path("REPOSITORY_COUNT").path("pools");
                assertThat(pools).as("the repository's threads").hasSize(1);
                assertThat(pools.get(0).path("pool").asString()).isEqualTo("ForkJoinPool.commonPool-worker-");
                assertThat(pools.get(0).path("kind").asString()).isEqualTo("PLATFORM");
            }
            finished.put(e.getKey(), single(failing, s -> s.path("succeeded").asLong()));
            savedAfter.put(e.getKey(), single(failing, s -> s.path("unconfirmedWrites").asLong()));
        }
        // 30 s of 2 s calls: 15 a worker
        assertThat(finished.get(1)).isEqualTo(15);
        assertThat(finished.get(19)).isEqualTo(19 * finished.get(1));
        claim("res-common-pool-workers", "at parallelism 1, " + finished.get(1) + " of 2000 finish within the 30 s and "
                + savedAfter.get(1) + " visit a run is saved after the client gave up; at parallelism 19, "
                + finished.get(19) + " finish (19 x " + finished.get(1) + ") and " + savedAfter.get(19)
                + " are saved after");
    }

    @Test
    void callable_without_a_completes_what_eight_threads_can() throws Exception {
        JsonNode one = json("seed-2cores/results.json");
        JsonNode nineteen = json("seed-parallelism19/results.json");
        List<JsonNode> aOff = callableWithoutA(one, nineteen);
        assertThat(aOff).hasSize(4);
        long succeeded = single(aOff, s -> s.path("succeeded").asLong());
        long saved = single(aOff, s -> s.path("visitsSaved").asLong());
        long warmup = single(aOff, s -> s.path("warmupRequests").asLong());
        assertThat(succeeded).as("8 threads x 15 calls of 2 s in 30 s").isEqualTo(8 * 15);
        assertThat(saved).as("nothing saved for the cancelled tasks").isEqualTo(succeeded + warmup);
        assertThat(single(aOff, s -> s.path("unconfirmedWrites").asLong())).isZero();
        claim("res-callable-without-a", "completes " + succeeded + " of 2000 within the 30 s");
        claim("res-callable-without-a", "fail with HTTP 500 (" + http500(one, "T0") + " and " + http500(one, "T1")
                + " requests in the two A-off runs, " + http500(nineteen, "T0") + " and " + http500(nineteen, "T1")
                + " at parallelism 19)");
        claim("res-callable-without-a", saved + " visits saved, the " + succeeded + " and the " + warmup
                + " warm-up requests");
    }

    @Test
    void a_changes_nothing_for_completable_future() throws Exception {
        claim("res-a-no-effect-completablefuture", "moved async's and wrapped's p99 by x"
                + ratios(json("seed-2cores/results.json"), "A", List.of("async", "wrapped"))
                + " in every clean pair (x" + ratios(json("seed-parallelism19/results.json"), "A",
                List.of("async", "wrapped")) + " at parallelism 19)");
    }

    @Test
    void parallelism_19_gives_the_same_verdicts() throws Exception {
        JsonNode one = json("seed-2cores/results.json");
        JsonNode nineteen = json("seed-parallelism19/results.json");
        assertThat(verdicts(nineteen)).isEqualTo(verdicts(one));
        List<Double> lows = new ArrayList<>();
        List<Double> highs = new ArrayList<>();
        for (JsonNode effect : nineteen.path("findings").path("flagEffects")) {
            if (effect.path("verdict").asString().equals("NO_EFFECT")) {
                lows.add(effect.path("p99RatioLow").asDouble());
                highs.add(effect.path("p99RatioHigh").asDouble());
            } else if (!effect.path("mode").asString().equals("sync")) {
                assertThat(effect.path("pairs").get(0).path("change").asString()).isEqualTo("fixes failures");
            }
        }
        List<JsonNode> bests = new ArrayList<>();
        nineteen.path("findings").path("best").forEach(bests::add);
        JsonNode fastest = bests.stream().min(java.util.Comparator.comparingDouble(b -> b.path("p99Ms").asDouble()))
                .orElseThrow();
        assertThat(fastest.path("mode").asString()).isEqualTo("sync");
        claim("res-parallelism-19-same-verdicts", String.format(Locale.ROOT, "sync T x%.2f, R, W and A fix their "
                        + "styles' failures, every other flag within x%.2f to x%.2f; the fastest clean runs %s ms, sync's the "
                        + "lowest", ResultsJson.effect(nineteen, "sync", "T").path("medianP99Ratio").asDouble(),
                java.util.Collections.min(lows), java.util.Collections.max(highs),
                range(bests, b -> b.path("p99Ms").asDouble())));
    }

    @Test
    void the_floor_is_not_reached() throws Exception {
        JsonNode one = json("seed-2cores/results.json");
        for (JsonNode results : List.of(one, json("seed-parallelism19/results.json"))) {
            JsonNode best = results.path("findings").path("best");
            assertThat(best).hasSize(4);
            best.forEach(b -> assertThat(b.path("p99OverFloor").asDouble()).as(b.toString()).isGreaterThan(1.0));
        }
        claim("res-floor-not-reached", "the load generator itself spending "
                + count(runs(one, s -> true), s -> s.path("clientCpuMs").asDouble()) + " ms of CPU a burst at parallelism 1");
    }

    @Test
    void pinned_events_without_a_guard() throws Exception {
        JsonNode one = json("seed-2cores/results.json");
        List<JsonNode> all = runs(one, s -> true);
        all.forEach(s -> assertThat(s.path("serverEnvironment").path("repositoryGuard").asString()).isEqualTo("none"));
        all.forEach(s -> assertThat(s.path("serverEnvironment").path("javaVersion").asString()).startsWith("25"));
        List<JsonNode> noVirtual = runs(one, s -> s.path("serverJvm").path("virtualThreadsStarted").asLong() == 0);
        noVirtual.forEach(s -> assertThat(s.path("serverJvm").path("virtualThreadsPinned").asLong()).isZero());
        claim("res-pinned-without-guard", "counted " + count(all, s -> s.path("serverJvm").path("virtualThreadsPinned")
                .asDouble()) + " `jdk.VirtualThreadPinned` events a run over the seed run's " + all.size()
                + ", none in the " + noVirtual.size() + " runs where no virtual thread ran");
    }

    @Test
    void the_threshold_keeps_run_to_run_differences_out() throws Exception {
        List<String> styles = List.of("async", "wrapped", "callable");
        List<Double> lows = new ArrayList<>();
        List<Double> highs = new ArrayList<>();
        List<String> runs = List.of("quick-profile/run-1", "quick-profile/run-2", "quick-profile/run-3");
        for (String run : runs) {
            JsonNode results = json(run + "/results.json");
            assertThat(results.path("settings").path("repeat").asInt()).as(run + ": each combination twice")
                    .isEqualTo(2);
            for (JsonNode effect : results.path("findings").path("flagEffects")) {
                if (effect.path("verdict").asString().equals("NO_EFFECT")) {
                    lows.add(effect.path("p99RatioLow").asDouble());
                    highs.add(effect.path("p99RatioHigh").asDouble());
                }
            }
        }
        assertThat(java.util.Collections.max(highs)).isLessThan(2.0);
        assertThat(java.util.Collections.min(lows)).isGreaterThan(0.5);
        claim("res-noise-below-threshold", "by x" + ratios(json("seed-2cores/results.json"), "T", styles) + " (x"
                + ratios(json("seed-parallelism19/results.json"), "T", styles) + " at parallelism 19)");
        claim("res-noise-below-threshold", String.format(Locale.ROOT, "put every no-effect pair between x%.2f and "
                + "x%.2f over its %d matrices", java.util.Collections.min(lows), java.util.Collections.max(highs),
                runs.size()));
    }

    @Test
    void the_http_adapters_async_needs_no_flag() throws Exception {
        JsonNode http = json("seed-repositories/http/results.json");
        JsonNode sleepy = json("seed-repositories/sleepy/results.json");
        List<JsonNode> async = runs(http, s -> s.path("mode").asString().equals("async"));
        assertThat(async).hasSize(8);
        async.forEach(s -> assertThat(s.path("failed").asLong()).isZero());
        JsonNode r = ResultsJson.effect(http, "async", "R");
        assertThat(r.path("verdict").asString()).isEqualTo("NO_EFFECT");
        List<JsonNode> sleepyROff = runs(sleepy, s -> s.path("mode").asString().equals("async")
                && !s.path("serverEnvironment").path("flags").path("repository").asBoolean());
        assertThat(sleepyROff).hasSize(4);
        claim("res-http-async-no-flag", String.format(Locale.ROOT, "none of its %d runs failed, p99 %s ms with every "
                        + "flag off, R no effect (x%.2f); the sleepy adapter's failed %d of 2000 with R off", async.size(),
                thousands(summary(http, "async", ALL_OFF).path("latency").path("p99Ms")),
                r.path("medianP99Ratio").asDouble(), single(sleepyROff, s -> s.path("failed").asLong())));
    }

    @Test
    void the_http_adapters_wrapped_fails_fast_with_w_off() throws Exception {
        JsonNode http = json("seed-repositories/http/results.json");
        List<JsonNode> wOff = runs(http, s -> s.path("mode").asString().equals("wrapped")
                && !s.path("serverEnvironment").path("flags").path("wrapper").asBoolean());
        assertThat(wOff).hasSize(4);
        for (JsonNode s : wOff) {
            assertThat(s.path("failuresByCause").path("HTTP 500").asLong()).isEqualTo(s.path("failed").asLong());
            assertThat(s.path("wallTimeMs").asDouble()).as("over well before the 30 s timeout").isLessThan(30_000);
        }
        assertThat(ResultsJson.effect(http, "wrapped", "W").path("verdict").asString()).isEqualTo("MATTERS");
        claim("res-http-wrapped-fails-fast", count(wOff, s -> s.path("failed").asDouble()) + " of 2000 answered HTTP 500 ("
                + count(wOff, s -> s.path("succeeded").asDouble()) + " succeeded), the burst over in "
                + NumberRange.of(values(wOff, s -> s.path("wallTimeMs").asDouble() / 1000), "%.1f") + " s");
    }

    @Test
    void the_http_adapters_sync_is_slower() throws Exception {
        JsonNode http = json("seed-repositories/http/results.json");
        JsonNode sleepy = json("seed-repositories/sleepy/results.json");
        JsonNode t = ResultsJson.effect(http, "sync", "T");
        assertThat(t.path("verdict").asString()).isEqualTo("MATTERS");
        claim("res-http-sync-slower", String.format(Locale.ROOT, "p99 %s ms against the sleepy adapter's %s ms in the "
                        + "same command (client, server and store share the 2 cores), and T still matters: x%.2f (%s ms with "
                        + "T off)", thousands(summary(http, "sync", "T1 A0 W0 R0").path("latency").path("p99Ms")),
                thousands(summary(sleepy, "sync", "T1 A0 W0 R0").path("latency").path("p99Ms")),
                t.path("medianP99Ratio").asDouble(),
                thousands(summary(http, "sync", ALL_OFF).path("latency").path("p99Ms"))));
    }

    @Test
    void callable_without_a_fails_alike_with_either_adapter() throws Exception {
        JsonNode http = json("seed-repositories/http/results.json");
        JsonNode sleepy = json("seed-repositories/sleepy/results.json");
        List<JsonNode> aOff = callableWithoutA(http, sleepy);
        assertThat(aOff).hasSize(4);
        claim("res-http-callable-same", single(aOff, s -> s.path("failed").asLong()) + " of 2000 a run");
        claim("res-http-callable-same", http500(http, "T0") + " and " + http500(http, "T1") + " with HTTP, "
                + http500(sleepy, "T0") + " and " + http500(sleepy, "T1") + " with the sleepy adapter");
    }

    @Test
    void every_other_flag_and_the_sleepy_half() throws Exception {
        JsonNode http = json("seed-repositories/http/results.json");
        JsonNode sleepy = json("seed-repositories/sleepy/results.json");
        assertThat(verdicts(sleepy)).isEqualTo(verdicts(json("seed-2cores/results.json")));
        List<Double> medians = new ArrayList<>();
        for (JsonNode effect : http.path("findings").path("flagEffects")) {
            if (effect.path("verdict").asString().equals("NO_EFFECT")) {
                medians.add(effect.path("medianP99Ratio").asDouble());
            }
        }
        List<JsonNode> all = runs(http, s -> true);
        all.addAll(runs(sleepy, s -> true));
        all.forEach(s -> assertThat(s.path("lostWrites").asLong()).isZero());
        claim("res-http-other-flags", "every other flag had no effect (median p99 x"
                + NumberRange.of(medians, "%.2f").replace(" to ", " to x") + ")");
        claim("res-http-other-flags", "0 lost writes in all " + all.size() + " runs");
    }

    /** Each evidence README's table of runs: a row linking a results.json says how long that matrix took. */
    @Test
    void the_evidence_readmes_runs_are_their_files() throws Exception {
        Pattern json = Pattern.compile("\\[[^]]*]\\(([^)\\s]*results\\.json)(?:\\.gz)?\\)");
        for (String folder : List.of("seed-2cores", "seed-parallelism19", "seed-repositories")) {
            Path readme = RESULTS.resolve(folder).resolve("README.md");
            String text = Files.readString(readme);
            String runs = text.substring(text.indexOf("## Runs"), text.indexOf("## Log"));
            int checked = 0;
            for (String line : runs.lines().filter(l -> l.startsWith("| ") && l.contains("results.json")).toList()) {
                Matcher link = json.matcher(line);
                assertThat(link.find()).as(readme + ": " + line).isTrue();
                JsonNode results = ResultsJson.read(readme.getParent().resolve(link.group(1)));
                Duration took = Duration.between(Instant.parse(results.path("started").asString()),
                        Instant.parse(results.path("finished").asString()));
                assertThat(line).as(readme + ": the matrix's time").contains("| " + HumanDuration.of(took) + " |");
                List<JsonNode> all = runs(results, s -> true);
                long failed = all.stream().filter(s -> s.path("failed").asLong() > 0).count();
                assertThat(line).as(readme + ": its runs").contains("| " + all.size() + " runs: "
                        + (all.size() - failed) + " clean, " + failed + " failed |");
                checked++;
            }
            assertThat(checked).as(readme + ": rows of runs").isPositive();
        }
    }

    private static void claim(String id, String figure) throws IOException {
        assertThat(Claims.statement(id)).as("claim `%s`", id).contains(figure);
        assertThat(Claims.of(id).verdict()).as("claim `%s`: each check above held", id).isEqualTo("**Holds**");
    }

    private static JsonNode json(String path) throws IOException {
        return ResultsJson.read(RESULTS.resolve(path));
    }

    /** The run of that mode and flags (the adapters' files, written before repeats, have no repeat field). */
    private static JsonNode summary(JsonNode results, String mode, String flags) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode run : results.path("runs")) {
            if (run.path("mode").asString().equals(mode) && run.path("flags").asString().equals(flags)
                    && run.path("repeat").asInt(1) == 1) {
                found.add(run.path("summary"));
            }
        }
        assertThat(found).as("the run %s %s", mode, flags).hasSize(1);
        return found.getFirst();
    }

    /** The summaries of the runs that match, in the file's order. */
    private static List<JsonNode> runs(JsonNode results, Predicate<JsonNode> which) {
        List<JsonNode> runs = new ArrayList<>();
        results.path("runs").forEach(run -> {
            if (which.test(run.path("summary"))) {
                runs.add(run.path("summary"));
            }
        });
        return runs;
    }

    /** The one value every run has (fails when they differ). */
    private static long single(List<JsonNode> runs, java.util.function.ToLongFunction<JsonNode> value) {
        List<Long> values = runs.stream().map(value::applyAsLong).distinct().toList();
        assertThat(values).as("the same in every run").hasSize(1);
        return values.getFirst();
    }

    private static List<Double> values(List<JsonNode> runs, ToDoubleFunction<JsonNode> value) {
        return runs.stream().map(value::applyAsDouble).toList();
    }

    /** Whole numbers, with a thousands separator, lowest to highest: {@code 30,048 to 30,097}. */
    private static String range(List<JsonNode> runs, ToDoubleFunction<JsonNode> value) {
        return NumberRange.of(values(runs, value), "%,.0f");
    }

    /** Whole numbers as counts are written, lowest to highest: {@code 1501 to 1744}. */
    private static String count(List<JsonNode> runs, ToDoubleFunction<JsonNode> value) {
        return NumberRange.of(values(runs, value), "%.0f");
    }

    /** The lowest and highest p99 ratio of a flag's clean pairs over these styles: {@code 0.97 to x1.01}. */
    private static String ratios(JsonNode results, String flag, List<String> styles) {
        List<Double> lows = new ArrayList<>();
        List<Double> highs = new ArrayList<>();
        for (String style : styles) {
            JsonNode effect = ResultsJson.effect(results, style, flag);
            assertThat(effect.path("verdict").asString()).as(style + " " + flag).isEqualTo("NO_EFFECT");
            lows.add(effect.path("p99RatioLow").asDouble());
            highs.add(effect.path("p99RatioHigh").asDouble());
        }
        return String.format(Locale.ROOT, "%.2f to x%.2f", java.util.Collections.min(lows),
                java.util.Collections.max(highs));
    }

    /** Each (style, flag) and its verdict, in the findings' order. */
    private static Map<String, String> verdicts(JsonNode results) {
        Map<String, String> verdicts = new LinkedHashMap<>();
        results.path("findings").path("flagEffects").forEach(e -> verdicts.put(e.path("mode").asString() + " "
                + e.path("flag").asString(), e.path("verdict").asString()));
        assertThat(verdicts).hasSize(9);
        return verdicts;
    }

    private static String http500(JsonNode results, String t) {
        return summary(results, "callable", t + " A0 W0 R0").path("failuresByCause").path("HTTP 500").asString();
    }

    private static String thousands(JsonNode value) {
        return String.format(Locale.ROOT, "%,.0f", value.asDouble());
    }

    /** Every callable run with A off, of each of these results. */
    private static List<JsonNode> callableWithoutA(JsonNode... results) {
        List<JsonNode> aOff = new ArrayList<>();
        for (JsonNode each : results) {
            aOff.addAll(runs(each, s -> s.path("mode").asString().equals("callable")
                    && !s.path("serverEnvironment").path("flags").path("asyncExecutor").asBoolean()));
        }
        return aOff;
    }
}
