package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.matrix.Profile;
import picocli.CommandLine;

/** Reads a profile by its name, {@code quick} or {@code seed} (either case). */
public final class ProfileConverter implements CommandLine.ITypeConverter<Profile> {

    @Override
    public Profile convert(String value) {
        return Profile.parse(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                "unknown profile '" + value + "'; expected quick or seed"));
    }
}
