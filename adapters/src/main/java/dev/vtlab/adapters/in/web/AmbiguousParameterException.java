package dev.vtlab.adapters.in.web;

/** Web adapter failure: a request parameter that must be given at most once was given several times. */
public final class AmbiguousParameterException extends RuntimeException {

    private final String parameter;

    AmbiguousParameterException(String parameter, int times) {
        super("Request parameter '" + parameter + "' is given " + times + " times; give it once.");
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
