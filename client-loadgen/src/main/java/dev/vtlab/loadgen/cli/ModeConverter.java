package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.load.Mode;
import picocli.CommandLine;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Reads a mode by its lower-case name ({@code sync}, {@code async}, {@code wrapped}, {@code callable}). */
public final class ModeConverter implements CommandLine.ITypeConverter<Mode> {

    @Override
    public Mode convert(String value) {
        try {
            return Mode.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("unknown mode '" + value + "'; expected one of "
                    + Arrays.stream(Mode.values()).map(Mode::label).collect(Collectors.joining(", ")));
        }
    }
}
