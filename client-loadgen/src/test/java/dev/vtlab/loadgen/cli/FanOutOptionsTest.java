package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.capacity.CapacityPlan;
import dev.vtlab.loadgen.load.Mode;
import dev.vtlab.loadgen.matrix.Combination;
import dev.vtlab.loadgen.matrix.FanOutWay;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code capacity} and {@code matrix} take {@code --modes fanout} and the way {@code /fanout} runs its reads. */
class FanOutOptionsTest {

    @Test
    void capacity_takes_the_fanout_mode_and_its_way_and_plans_it_with_T_off_and_on() {
        CapacityCommand capacity = new CapacityCommand();
        new CommandLine(capacity).parseArgs("--modes", "fanout", "--fan-out", "futures", "--flags", "T");

        assertThat(capacity.plan.modes()).containsExactly(Mode.FANOUT);
        assertThat(capacity.variants.fanOut()).isEqualTo(FanOutWay.FUTURES);
        assertThat(CapacityPlan.of(capacity.plan.modes(), capacity.plan.flags()).servers().keySet())
                .extracting(Combination::label).containsExactly("T0 A0 W0 R0", "T1 A0 W0 R0");
    }

    @Test
    void the_matrix_measures_the_four_visit_styles_unless_told_and_refuses_an_unknown_way() {
        MatrixCommand matrix = new MatrixCommand();
        new CommandLine(matrix).parseArgs("--fan-out", "threads");

        assertThat(matrix.options.plan.modes()).containsExactly(Mode.SYNC, Mode.ASYNC, Mode.WRAPPED, Mode.CALLABLE);
        assertThatThrownBy(matrix.options.variants::fanOut).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("unknown fan-out 'threads'; expected sequential, futures, structured");
        MatrixCommand byDefault = new MatrixCommand();
        new CommandLine(byDefault).parseArgs();
        assertThat(byDefault.options.variants.fanOut()).isEqualTo(FanOutWay.SEQUENTIAL);
    }
}
