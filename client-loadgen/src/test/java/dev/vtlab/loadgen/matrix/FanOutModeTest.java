package dev.vtlab.loadgen.matrix;

import dev.vtlab.jdks.JdkFinder;
import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /fanout} as a mode of the matrix: its flags, the combinations a plan measures it on, and the server
 * settings and JVM options a way starts its servers with.
 */
class FanOutModeTest {

    @Test
    void fanout_varies_T_W_and_A_as_a_control_and_is_no_visit() {
        assertThat(Mode.FANOUT.path()).isEqualTo("/fanout");
        assertThat(Mode.FANOUT.relevantFlags()).containsExactly(Flag.T, Flag.A, Flag.W);
        assertThat(Mode.FANOUT.waitsOn()).isEqualTo(Flag.T);
        assertThat(Mode.FANOUT.visits()).isFalse();
        assertThat(Mode.visitStyles()).containsExactly(Mode.SYNC, Mode.ASYNC, Mode.WRAPPED, Mode.CALLABLE);
    }

    @Test
    void a_plan_measures_fanout_on_every_setting_of_its_flags_and_no_other() {
        ExperimentPlan all = ExperimentPlan.of(List.of(Mode.FANOUT), Set.of(Flag.values()));
        ExperimentPlan tw = ExperimentPlan.of(List.of(Mode.FANOUT), Set.of(Flag.T, Flag.W));

        assertThat(all.servers().keySet()).extracting(Combination::label).containsExactly("T0 A0 W0 R0",
                "T0 A0 W1 R0", "T0 A1 W0 R0", "T0 A1 W1 R0", "T1 A0 W0 R0", "T1 A0 W1 R0", "T1 A1 W0 R0",
                "T1 A1 W1 R0");
        assertThat(tw.servers().keySet()).extracting(Combination::label).containsExactly("T0 A0 W0 R0",
                "T0 A0 W1 R0", "T1 A0 W0 R0", "T1 A0 W1 R0");
        assertThat(tw.servers().values()).allSatisfy(modes -> assertThat(modes).containsExactly(Mode.FANOUT));
    }

    @Test
    void the_way_names_whose_threads_the_reads_wait_on() {
        assertThat(FanOutWay.SEQUENTIAL.branchesOn()).contains(Flag.T);
        assertThat(FanOutWay.FUTURES.branchesOn()).contains(Flag.W);
        assertThat(FanOutWay.STRUCTURED.branchesOn()).isEmpty();
        assertThat(FanOutWay.parse(" Futures")).contains(FanOutWay.FUTURES);
        assertThat(FanOutWay.parse("threads")).isEmpty();
    }

    @Test
    void the_matrix_sets_the_way_and_each_reads_delay_and_structured_gets_the_preview() {
        MatrixSettings futures = settings(FanOutWay.FUTURES);
        MatrixSettings structured = settings(FanOutWay.STRUCTURED);

        assertThat(futures.serverArgs(Combination.parse("T1 A0 W1 R0"))).contains("--vtlab.fan-out=futures",
                "--vtlab.fan-out.visit-count-delay=250ms", "--vtlab.fan-out.last-visit-delay=250ms",
                "--vtlab.fan-out.recommendation-delay=250ms");
        assertThat(futures.server().jvmOptions()).doesNotContain("--enable-preview");
        assertThat(structured.serverArgs(Combination.parse("T1 A0 W0 R0"))).contains("--vtlab.fan-out=structured");
        assertThat(structured.server().jvmOptions()).contains("--enable-preview");
        assertThat(MatrixSettings.setByTheRunner("vtlab.fan-out")).isTrue();
        assertThat(MatrixSettings.setByTheRunner("vtlab.fan-out.last-visit-delay")).isTrue();
        assertThat(MatrixSettings.setByTheRunner("vtlab.fan-out.deadline")).isFalse();
    }

    private static MatrixSettings settings(FanOutWay way) {
        return new MatrixSettings(Profile.QUICK, List.of(Mode.FANOUT), Set.of(Flag.T, Flag.W), 1,
                new MatrixSettings.BurstSettings(10, Duration.ofSeconds(5), 0),
                new MatrixSettings.ServerSettings(Duration.ofMillis(250), Duration.ofMillis(250), way, null, null,
                        List.of(), null, Path.of("server.jar"), Path.of("downstream.jar"), null),
                new Variant(RepositoryKind.SLEEPY, JdkFinder.running(), WebServerSetting.TOMCAT, GuardSetting.NONE,
                        null, null),
                new MatrixSettings.OutputSettings(Path.of("out"), "matrix --modes fanout"));
    }
}
