package dev.vtlab.domain;

/** Domain error: a visitor name that breaks the rules of {@link VisitorName}. */
public class InvalidVisitorNameException extends IllegalArgumentException {

    public InvalidVisitorNameException(String reason) {
        super("visitor name " + reason);
    }
}
