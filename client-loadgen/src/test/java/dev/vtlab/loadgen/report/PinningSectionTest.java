package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.load.RunSummary;
import dev.vtlab.loadgen.matrix.RunRecord;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's pinning section: every run's pinned events, grouped by site, most first. */
class PinningSectionTest {

    private static final String GUARD = "vtlab: dev.vtlab.adapters.out.sleepy.WaitGuard$Synchronized.around";
    private static final String LOADER = "class loading: org.springframework.boot.loader.net.protocol.jar.X.load";

    @Test
    void sites_are_summed_over_runs_and_name_the_runs_that_had_them() {
        List<RunRecord> runs = List.of(
                pinned(FindingsTest.run("sync", "T1 A0 W0 R0", 2400, 2500, 0), Map.of(GUARD, 40L, LOADER, 2L)),
                pinned(FindingsTest.run("async", "T0 A0 W0 R1", 2400, 2500, 0), Map.of(GUARD, 40L)),
                FindingsTest.run("sync", "T0 A0 W0 R0", 2400, 2500, 0));

        List<Pinning> pinning = Pinning.of(runs);

        assertThat(pinning).containsExactly(
                new Pinning("vtlab", "dev.vtlab.adapters.out.sleepy.WaitGuard$Synchronized.around", 80,
                        List.of("sync T1 A0 W0 R0", "async T0 A0 W0 R1")),
                new Pinning("class loading", "org.springframework.boot.loader.net.protocol.jar.X.load", 2,
                        List.of("sync T1 A0 W0 R0")));
    }

    @Test
    void pins_in_the_repositorys_wait_stand_apart_and_one_off_pins_are_summed_per_kind() {
        List<Pinning> pinning = Pinning.of(List.of(
                pinned(FindingsTest.run("sync", "T1 A0 W0 R0", 2400, 2500, 0), Map.of(GUARD, 40L, LOADER, 2L,
                        "class loading: java.lang.ClassLoader.loadClass", 30L, "library: org.example.Once.call", 1L)),
                pinned(FindingsTest.run("async", "T0 A0 W0 R1", 2400, 2500, 0), Map.of(LOADER, 12L,
                        "driver: org.h2.engine.Session.lock", 3L))));

        assertThat(pinning.stream().filter(Pinning::inTheRepositorysWait).map(Pinning::kind))
                .containsExactly("vtlab", "driver");
        assertThat(Pinning.summaryByKind(pinning.stream().filter(p -> !p.inTheRepositorysWait()).toList()))
                .containsExactly("class loading: 44 events at 2 site(s), in 2 run(s) (at a class's first use: once "
                        + "per class, on any JDK)", "library: 1 events at 1 site(s), in 1 run(s)");
    }

    @Test
    void no_pinned_event_gives_no_row_and_the_report_says_so() {
        List<RunRecord> runs = List.of(FindingsTest.run("sync", "T1 A0 W0 R0", 2400, 2500, 0));

        assertThat(Pinning.of(runs)).isEmpty();
        assertThat(Findings.of(runs).pinning()).isEmpty();
    }

    /** The same run with the server's JFR figures: these pinned events, by site. */
    private static RunRecord pinned(RunRecord run, Map<String, Long> sites) {
        RunSummary s = run.summary();
        long total = sites.values().stream().mapToLong(Long::longValue).sum();
        ServerJvm jvm = new ServerJvm(20, 30, 40, 2000, total, sites, 50L << 20, 100L << 20, 200L << 20);
        RunSummary withJvm = new RunSummary(s.burst(), s.outcome(), s.writes(), s.client(),
                new RunSummary.ServerSide(s.server().serverEnvironment(), null, jvm, null, null, null));
        return new RunRecord(run.combination(), run.mode(), run.repeat(), run.status(), run.message(), withJvm);
    }
}
