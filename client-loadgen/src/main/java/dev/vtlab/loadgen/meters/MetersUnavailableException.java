package dev.vtlab.loadgen.meters;

/** A metrics URL that cannot be read as meters: unreachable, another format, or without a meter needed. */
public final class MetersUnavailableException extends Exception {

    public MetersUnavailableException(String oneLine) {
        super(oneLine);
    }
}
