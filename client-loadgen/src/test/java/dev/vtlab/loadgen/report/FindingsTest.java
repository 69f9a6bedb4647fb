package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.load.Latencies;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.RunRecord;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Findings come from the numbers: hand-made result sets with a known answer. */
class FindingsTest {

    @Test
    void a_flag_that_changes_p99_by_more_than_the_threshold_matters() {
        Findings findings = Findings.of(List.of(
                run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_100, 2_300, 0)));

        Findings.FlagEffect t = effect(findings, "sync", Flag.T);
        assertThat(t.verdict()).isEqualTo(Findings.Verdict.MATTERS);
        assertThat(t.medianP99Ratio()).isCloseTo(0.105, within(0.001));
        assertThat(t.medianWallRatio()).isCloseTo(2_300.0 / 21_000, within(0.001));
    }

    @Test
    void a_flag_within_the_threshold_has_no_effect() {
        Findings findings = Findings.of(List.of(
                run("async", "T0 A0 W0 R1", 2_200, 2_400, 0),
                run("async", "T0 A1 W0 R1", 2_250, 2_390, 0),
                run("async", "T1 A0 W0 R1", 2_150, 2_350, 0),
                run("async", "T1 A1 W0 R1", 2_100, 2_300, 0)));

        Findings.FlagEffect a = effect(findings, "async", Flag.A);
        assertThat(a.verdict()).isEqualTo(Findings.Verdict.NO_EFFECT);
        assertThat(a.pairs()).hasSize(2).allMatch(p -> p.change() == Findings.Change.BOTH_CLEAN);
        assertThat(effect(findings, "async", Flag.T).verdict()).isEqualTo(Findings.Verdict.NO_EFFECT);
    }

    @Test
    void a_flag_that_turns_a_failed_run_into_a_clean_one_matters() {
        Findings findings = Findings.of(List.of(
                run("callable", "T0 A0 W0 R0", 30_000, 30_500, 1_520),
                run("callable", "T0 A1 W0 R0", 2_300, 2_500, 0)));

        Findings.FlagEffect a = effect(findings, "callable", Flag.A);
        assertThat(a.verdict()).isEqualTo(Findings.Verdict.MATTERS);
        assertThat(a.pairs()).singleElement().satisfies(p -> {
            assertThat(p.change()).isEqualTo(Findings.Change.FIXES_FAILURES);
            assertThat(p.p99Ratio()).isNaN();
        });
    }

    @Test
    void when_every_pair_failed_there_is_no_verdict() {
        Findings findings = Findings.of(List.of(
                run("wrapped", "T0 A0 W0 R0", 10_000, 10_000, 1_900),
                run("wrapped", "T1 A0 W0 R0", 10_000, 10_000, 1_900)));

        assertThat(effect(findings, "wrapped", Flag.T).verdict()).isEqualTo(Findings.Verdict.UNDECIDED);
    }

    @Test
    void the_fastest_clean_combination_is_compared_with_the_floor() {
        Findings findings = Findings.of(List.of(
                run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_500, 2_600, 0)));

        assertThat(findings.best()).singleElement().satisfies(best -> {
            assertThat(best.flags()).isEqualTo("T1 A0 W0 R0");
            assertThat(best.floorMs()).isEqualTo(2_000);
            assertThat(best.p99OverFloor()).isCloseTo(1.25, within(0.001));
        });
    }

    @Test
    void a_failed_run_is_never_the_fastest() {
        Findings findings = Findings.of(List.of(
                run("async", "T0 A0 W0 R0", 900, 10_000, 1_800),
                run("async", "T0 A0 W0 R1", 2_400, 2_500, 0)));

        assertThat(findings.best()).singleElement().extracting(Findings.Best::flags).isEqualTo("T0 A0 W0 R1");
    }

    @Test
    void the_environment_note_says_when_common_pool_parallelism_differs_from_the_article() {
        Findings findings = Findings.of(List.of(run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0)));

        assertThat(findings.notes()).anyMatch(n -> n.contains("common-pool parallelism is 1")
                && n.contains("--common-pool-parallelism 19"));
    }

    @Test
    void flags_a_mode_cannot_feel_are_not_reported_for_it() {
        Findings findings = Findings.of(List.of(
                run("sync", "T0 A0 W0 R0", 20_000, 21_000, 0),
                run("sync", "T1 A0 W0 R0", 2_100, 2_300, 0)));

        assertThat(findings.flagEffects()).extracting(Findings.FlagEffect::flag).containsExactly(Flag.T);
    }

    @Test
    void with_repeats_a_ratio_past_the_threshold_matters_when_the_on_and_off_ranges_are_apart() {
        Findings findings = Findings.of(List.of(
                run("sync", "T0 A0 W0 R0", 1, 5_000, 5_100, 0),
                run("sync", "T0 A0 W0 R0", 2, 5_400, 5_500, 0),
                run("sync", "T0 A0 W0 R0", 3, 5_200, 5_300, 0),
                run("sync", "T1 A0 W0 R0", 1, 900, 950, 0),
                run("sync", "T1 A0 W0 R0", 2, 1_100, 1_150, 0),
                run("sync", "T1 A0 W0 R0", 3, 1_000, 1_050, 0)));

        Findings.FlagEffect t = effect(findings, "sync", Flag.T);
        assertThat(t.verdict()).isEqualTo(Findings.Verdict.MATTERS);
        assertThat(t.medianP99Ratio()).isCloseTo(1_000.0 / 5_200, within(0.0001));
        assertThat(t.p99RatioLow()).isCloseTo(900.0 / 5_400, within(0.0001));
        assertThat(t.p99RatioHigh()).isCloseTo(1_100.0 / 5_000, within(0.0001));
        assertThat(t.pairs()).singleElement().satisfies(p -> assertThat(p.rangesOverlap()).isFalse());
    }

    @Test
    void with_repeats_a_ratio_past_the_threshold_is_unclear_when_the_ranges_overlap() {
        Findings findings = Findings.of(List.of(
                run("sync", "T0 A0 W0 R0", 1, 2_000, 2_100, 0),
                run("sync", "T0 A0 W0 R0", 2, 6_000, 6_100, 0),
                run("sync", "T0 A0 W0 R0", 3, 6_500, 6_600, 0),
                run("sync", "T1 A0 W0 R0", 1, 2_500, 2_600, 0),
                run("sync", "T1 A0 W0 R0", 2, 3_000, 3_100, 0),
                run("sync", "T1 A0 W0 R0", 3, 2_900, 3_000, 0)));

        Findings.FlagEffect t = effect(findings, "sync", Flag.T);
        assertThat(t.medianP99Ratio()).isLessThanOrEqualTo(0.5);
        assertThat(t.verdict()).isEqualTo(Findings.Verdict.UNCLEAR);
        assertThat(t.pairs()).singleElement().satisfies(p -> assertThat(p.rangesOverlap()).isTrue());
    }

    @Test
    void with_repeats_no_effect_states_the_observed_range_of_the_ratio() {
        Findings findings = Findings.of(List.of(
                run("async", "T0 A0 W0 R1", 1, 2_200, 2_300, 0),
                run("async", "T0 A0 W0 R1", 2, 2_600, 2_700, 0),
                run("async", "T1 A0 W0 R1", 1, 2_100, 2_200, 0),
                run("async", "T1 A0 W0 R1", 2, 2_400, 2_500, 0)));

        Findings.FlagEffect t = effect(findings, "async", Flag.T);
        assertThat(t.verdict()).isEqualTo(Findings.Verdict.NO_EFFECT);
        assertThat(t.medianP99Ratio()).isCloseTo(2_250.0 / 2_400, within(0.0001));
        assertThat(t.p99RatioLow()).isCloseTo(2_100.0 / 2_600, within(0.0001));
        assertThat(t.p99RatioHigh()).isCloseTo(2_400.0 / 2_200, within(0.0001));
    }

    @Test
    void one_failed_repeat_makes_the_combination_failing_and_a_flag_that_cleans_it_matters() {
        Findings findings = Findings.of(List.of(
                run("callable", "T0 A0 W0 R0", 1, 2_400, 2_500, 0),
                run("callable", "T0 A0 W0 R0", 2, 7_500, 7_600, 310),
                run("callable", "T0 A1 W0 R0", 1, 2_300, 2_400, 0),
                run("callable", "T0 A1 W0 R0", 2, 2_350, 2_450, 0)));

        Findings.FlagEffect a = effect(findings, "callable", Flag.A);
        assertThat(a.verdict()).isEqualTo(Findings.Verdict.MATTERS);
        assertThat(a.pairs()).singleElement().satisfies(p -> {
            assertThat(p.change()).isEqualTo(Findings.Change.FIXES_FAILURES);
            assertThat(p.p99Ratio()).isNaN();
        });
        assertThat(findings.best()).singleElement().satisfies(best -> {
            assertThat(best.flags()).isEqualTo("T0 A1 W0 R0");
            assertThat(best.p99Ms()).isEqualTo(2_325);
        });
    }

    private static Findings.FlagEffect effect(Findings findings, String mode, Flag flag) {
        return findings.flagEffects().stream().filter(e -> e.mode().equals(mode) && e.flag() == flag)
                .findFirst().orElseThrow();
    }

    /** A measured run: p99 and wall in ms, and how many of 2000 requests failed. */
    static RunRecord run(String mode, String flags, double p99, double wall, long failed) {
        return run(mode, flags, 1, p99, wall, failed);
    }

    /** One repeat of a measured (combination, mode). */
    static RunRecord run(String mode, String flags, int repeat, double p99, double wall, long failed) {
        ServerEnvironment env = new ServerEnvironment(
                new ServerEnvironment.Flags(false, false, false, false, flags), false, "25", "test", 2, 1, 512L << 20,
                new ServerEnvironment.WebServerLimits("tomcat", "none", 200, 2366, 4096, 2000, 1, 4096, "2048/2048"), 1000, 1000,
                "sleepy", null, "none", null, null, null, null);
        RunSummary summary = new RunSummary(new RunSummary.Burst(mode, "http://127.0.0.1:8080", 2000, 2000, List.of(), null, 0.0, 0.0),
                new RunSummary.Outcome(2000 - failed, failed,
                        failed == 0 ? Map.of() : Map.of("request timeout", (long) failed), wall, 1,
                        new Latencies(2000 - failed, p99 / 4, p99 / 2, p99 * 0.9, p99, p99, p99, p99 / 2), 10, 100),
                new RunSummary.Writes(0, 0, 2000L - failed, 0L, 0L),
                new RunSummary.ClientSide(Map.of(), false, ClientEnvironment.current()),
                new RunSummary.ServerSide(env, null, null, null, null, null));
        return new RunRecord(Combination.parse(flags), Mode.valueOf(mode.toUpperCase(Locale.ROOT)), repeat,
                failed == 0 ? RunRecord.Status.OK : RunRecord.Status.FAILED_RUN,
                failed == 0 ? null : failed + " failed", summary);
    }
}
