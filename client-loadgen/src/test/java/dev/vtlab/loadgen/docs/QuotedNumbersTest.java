package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The numbers the README quotes in its prose, and the JDK page's claims in docs/claims.md, each computed here from
 * the results file it comes from and looked for, in its sentence, on the page or in the claim (the README's
 * comparison with the reactive reference is MemoryTablesTest's; the seed runs' findings, once on
 * docs/results/README.md, are claims SeedRunsClaimsTest reads): a re-measured folder or a retyped number fails the
 * build with the page and the sentence expected.
 */
class QuotedNumbersTest {

    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");

    /** The README's "no effect" range is the seed run's: the lowest and highest p99 ratio of every such verdict. */
    @Test
    void the_readmes_no_effect_range_is_the_seed_runs() throws Exception {
        List<Double> lows = new ArrayList<>();
        List<Double> highs = new ArrayList<>();
        for (JsonNode effect : json("seed-2cores/results.json").path("findings").path("flagEffects")) {
            if (effect.path("verdict").asString().equals("NO_EFFECT")) {
                lows.add(effect.path("p99RatioLow").asDouble());
                highs.add(effect.path("p99RatioHigh").asDouble());
            }
        }
        contains(page("README.md"), "README.md", String.format(Locale.ROOT, "Every other flag had no effect (p99 "
                + "within x%.2f to x%.2f; the threshold is 2x)", Collections.min(lows), Collections.max(highs)));
    }

    /** The JDK page's figures, stated once in its claims (docs/claims.md), from the JDK matrix's results. */
    @Test
    void the_jdk_pages_claims_are_the_jdk_matrixs() throws Exception {
        JsonNode none21 = json("jdk-21-vs-25/jdk21-none/results.json");
        JsonNode none25 = json("jdk-21-vs-25/jdk25-none/results.json");
        JsonNode sync21 = json("jdk-21-vs-25/jdk21-synchronized/results.json");
        JsonNode sync25 = json("jdk-21-vs-25/jdk25-synchronized/results.json");

        String same = Claims.statement("jdk-same-without-a-guard");
        contains(same, "jdk-same-without-a-guard", p99(none21, "sync", "T0 A0 W0 R0") + " and "
                + p99(none25, "sync", "T0 A0 W0 R0") + " ms with T off");
        contains(same, "jdk-same-without-a-guard", p99(none21, "sync", "T1 A0 W0 R0") + " and "
                + p99(none25, "sync", "T1 A0 W0 R0") + " ms with T on");
        contains(Claims.statement("jdk-r-off-on-two-cores"), "jdk-r-off-on-two-cores", "succeeded (p99 "
                + p99(none21, "async", "T0 A0 W0 R0") + " ms)");
        String starves = Claims.statement("jdk-21-synchronized-starves");
        contains(starves, "jdk-21-synchronized-starves", summary(sync21, "sync", "T1 A0 W0 R0").path("serverJvm")
                .path("virtualThreadsPinned").asString() + " pinned events; the same run with guard `none` took "
                + p99(none21, "sync", "T1 A0 W0 R0") + " ms");
        contains(starves, "jdk-21-synchronized-starves", summary(sync21, "async", "T0 A0 W0 R1").path("serverJvm")
                .path("virtualThreadsPinned").asString() + " pinned events: the repository's virtual threads");
        for (String flags : List.of("T1 A0 W0 R0", "T0 A0 W0 R1", "T1 A0 W0 R1")) {
            assertThat(summary(sync21, "async", flags).path("failed").asLong())
                    .as("jdk-21-synchronized-starves: async " + flags).isEqualTo(2000);
        }
        assertThat(summary(sync21, "sync", "T1 A0 W0 R0").path("failed").asLong())
                .as("jdk-21-synchronized-starves: sync T1").isEqualTo(2000);
        String unpinned = Claims.statement("jdk-21-platform-threads-unpinned");
        contains(unpinned, "jdk-21-platform-threads-unpinned", "`/sync` with T off took "
                + p99(sync21, "sync", "T0 A0 W0 R0") + " ms");
        contains(unpinned, "jdk-21-platform-threads-unpinned", "nothing failed ("
                + p99(sync21, "async", "T0 A0 W0 R0") + " ms)");
        String guard25 = Claims.statement("jdk-25-guard-changes-nothing");
        contains(guard25, "jdk-25-guard-changes-nothing", "sync with T on " + p99(sync25, "sync", "T1 A0 W0 R0")
                + " against " + p99(none25, "sync", "T1 A0 W0 R0") + " ms");
        contains(guard25, "jdk-25-guard-changes-nothing", "async with R on " + p99(sync25, "async", "T0 A0 W0 R1")
                + " against " + p99(none25, "async", "T0 A0 W0 R1") + " ms");
        List<Double> pinned25 = values(none25, s -> s.path("serverJvm").path("virtualThreadsPinned").asDouble());
        pinned25.addAll(values(sync25, s -> s.path("serverJvm").path("virtualThreadsPinned").asDouble()));
        contains(guard25, "jdk-25-guard-changes-nothing", String.format(Locale.ROOT, "(at most %.0f)",
                pinned25.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
    }

    private static String p99(JsonNode results, String mode, String flags) {
        return Printed.whole(summary(results, mode, flags).path("latency").path("p99Ms"));
    }

    private static void contains(String page, String where, String sentence) {
        assertThat(page).as("%s quotes: %s", where, sentence).contains(sentence);
    }

    private static String page(String path) throws IOException {
        return Files.readString(CommandChecks.root().resolve(path)).replaceAll("\\s*\\n\\s*", " ");
    }

    private static JsonNode json(String path) throws IOException {
        return ResultsJson.read(RESULTS.resolve(path));
    }

    private static JsonNode summary(JsonNode results, String mode, String flags) {
        return ResultsJson.run(results, mode, flags).path("summary");
    }

    private static List<Double> values(JsonNode results, ToDoubleFunction<JsonNode> value) {
        List<Double> values = new ArrayList<>();
        results.path("runs").forEach(run -> values.add(value.applyAsDouble(run.path("summary"))));
        return values;
    }

}
