package dev.vtlab.adapters.in.web;

import dev.vtlab.adapters.lab.ThreadSeen;
import dev.vtlab.domain.Greeting;

/**
 * Web response: the greeting, and the threads the web adapter saw.
 *
 * @param message       the greeting sentence
 * @param who           the visitor's name
 * @param visitorNumber the visitor's number
 * @param acceptedBy    the thread that entered the controller
 * @param completedBy   the thread that produced this response
 */
public record HelloResponse(String message, String who, long visitorNumber, ThreadSeen acceptedBy,
                            ThreadSeen completedBy) {

    static HelloResponse of(Greeting greeting, ThreadSeen acceptedBy, ThreadSeen completedBy) {
        return new HelloResponse(greeting.message(), greeting.who(), greeting.visitorNumber(), acceptedBy,
                completedBy);
    }
}
