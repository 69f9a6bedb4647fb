package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.load.Flag;
import picocli.CommandLine;

import java.util.Locale;

/** Reads a flag by its letter: {@code T}, {@code A}, {@code W} or {@code R} (either case). */
public final class FlagConverter implements CommandLine.ITypeConverter<Flag> {

    @Override
    public Flag convert(String value) {
        try {
            return Flag.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new CommandLine.TypeConversionException("unknown flag '" + value + "'; expected T, A, W or R");
        }
    }
}
