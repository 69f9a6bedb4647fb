package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.load.Arrivals;
import picocli.CommandLine;

/** Reads {@code --arrivals}: {@code uniform} or {@code poisson}. */
public final class ArrivalsConverter implements CommandLine.ITypeConverter<Arrivals> {

    @Override
    public Arrivals convert(String value) {
        try {
            return Arrivals.of(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
