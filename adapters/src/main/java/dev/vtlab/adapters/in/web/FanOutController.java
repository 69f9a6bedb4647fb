package dev.vtlab.adapters.in.web;

import dev.vtlab.application.port.in.ShowVisitorCardUseCase;
import dev.vtlab.application.port.in.ShowVisitorCardUseCase.ShownCard;
import dev.vtlab.domain.VisitorName;
import org.slf4j.MDC;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Web adapter: a visitor's card, whose three reads the use case declares independent ({@code /fanout}). Blocking,
 * like {@code /sync}: the request's thread (flag T) waits for the fan-out, whichever way it runs. The request's id
 * ({@value #REQUEST_ID_HEADER}, or a new one) is in the logging context (the MDC, under {@value #REQUEST_ID_KEY})
 * while the use case runs, and answered with the card; whether it reaches each branch is the fan-out's executor's
 * business, and the answer says, for each branch, what it found there.
 */
@RestController
public class FanOutController {

    public static final String REQUEST_ID_HEADER = "X-Request-Id";
    /** The MDC's key for the request id, the one the fan-out adapters are told to report. */
    public static final String REQUEST_ID_KEY = "requestId";
    /** An id taken as given: short, and nothing a log line could be forged with. */
    private static final Pattern ACCEPTED_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private final ShowVisitorCardUseCase showCard;

    public FanOutController(ShowVisitorCardUseCase showCard) {
        this.showCard = showCard;
    }

    @GetMapping(path = "/fanout", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<FanOutResponse> fanout(@RequestParam MultiValueMap<String, String> parameters,
                                                 @RequestHeader(name = REQUEST_ID_HEADER, required = false)
                                                 String givenId) {
        VisitorName visitor = visitorOf(parameters.get("name"));
        String requestId = givenId != null && ACCEPTED_ID.matcher(givenId).matches()
                ? givenId : UUID.randomUUID().toString();
        String outer = MDC.get(REQUEST_ID_KEY);
        MDC.put(REQUEST_ID_KEY, requestId);
        try {
            ShownCard shown = showCard.cardFor(visitor);
            return ResponseEntity.ok().header(REQUEST_ID_HEADER, requestId).body(FanOutResponse.of(shown, requestId));
        } finally {
            if (outer == null) {
                MDC.remove(REQUEST_ID_KEY);
            } else {
                MDC.put(REQUEST_ID_KEY, outer);
            }
        }
    }

    /** As {@code /sync} reads it: one {@code name}, or the anonymous visitor; a name given twice is refused. */
    private static VisitorName visitorOf(List<String> names) {
        if (names != null && names.size() > 1) {
            throw new AmbiguousParameterException("name", names.size());
        }
        return VisitorName.orAnonymous(names == null ? null : names.getFirst());
    }
}
