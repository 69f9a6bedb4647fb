package dev.vtlab.loadgen.cli;

import picocli.CommandLine;

/** Reads a server heap as {@code -Xmx} takes it: a number with k, m or g (either case), or bytes. */
public final class HeapSizeConverter implements CommandLine.ITypeConverter<String> {

    @Override
    public String convert(String value) {
        if (!value.matches("\\d+[kKmMgG]?")) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a size such as 512m or 2g");
        }
        return value;
    }
}
