package dev.vtlab.childprocess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationConverterTest {

    private final DurationConverter converter = new DurationConverter();

    @Test
    void reads_each_unit_and_a_bare_number_as_milliseconds() {
        assertThat(converter.convert("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(converter.convert("250")).isEqualTo(Duration.ofMillis(250));
        assertThat(converter.convert("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(converter.convert("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(converter.convert("2h")).isEqualTo(Duration.ofHours(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-5s", "soon", "1.5s", "2d", ""})
    void anything_else_is_refused_naming_the_units_it_takes(String value) {
        assertThatThrownBy(() -> converter.convert(value)).isInstanceOf(CommandLine.TypeConversionException.class)
                .hasMessage("'" + value + "' is not a duration: a whole number followed by ms, s, m or h "
                        + "(milliseconds without one), such as 250ms, 30s, 2m or 1h");
    }
}
