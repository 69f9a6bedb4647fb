package dev.vtlab.adapters.in.web;

import dev.vtlab.domain.Greeting;

/**
 * Web response: the greeting. Under a burst, {@code count} then {@code save} gives many concurrent visitors the
 * same visitor number: the use case reads the count before it saves, as in the article, and the sample keeps it
 * that way (it is about threads, not about a correct counter).
 *
 * @param message       the greeting sentence
 * @param who           the visitor's name
 * @param visitorNumber the number of visits saved before this one, plus one
 */
public record HelloResponse(String message, String who, long visitorNumber) {

    static HelloResponse of(Greeting greeting) {
        return new HelloResponse(greeting.message(), greeting.who(), greeting.visitorNumber());
    }
}
