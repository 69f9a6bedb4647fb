package dev.vtlab.loadgen.meters;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Figures to the digits a reader reads: never a raw double on the console or in a report. */
class ReadableFiguresTest {

    @Test
    void rates_counts_and_times_are_written_to_sensible_digits() {
        assertThat(ReadableFigures.rate(39.4567)).isEqualTo("39.5");
        assertThat(ReadableFigures.rate(1234.5)).isEqualTo("1,235");
        assertThat(ReadableFigures.count(0.3439153439153439)).isEqualTo("0.344");
        assertThat(ReadableFigures.count(4.0)).isEqualTo("4");
        assertThat(ReadableFigures.count(8192.0)).isEqualTo("8,192");
        assertThat(ReadableFigures.count(null)).isEqualTo("-");
        assertThat(ReadableFigures.millis(13.8123)).isEqualTo("13.8 ms");
        assertThat(ReadableFigures.millis(200.7)).isEqualTo("201 ms");
        assertThat(ReadableFigures.millis(0.31234)).isEqualTo("0.312 ms");
    }
}
