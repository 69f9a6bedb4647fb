package dev.vtlab.domain;

/**
 * Domain value: what a visitor is told.
 *
 * @param who           the visitor's name
 * @param visitorNumber the visitor's number
 * @param message       the sentence shown to the visitor
 */
public record Greeting(String who, long visitorNumber, String message) {

    /** The greeting for a visit. */
    public static Greeting of(Visit visit) {
        String who = visit.visitor().value();
        return new Greeting(who, visit.visitorNumber(),
                "Hello, " + who + "! You are visitor number " + visit.visitorNumber() + ".");
    }
}
