package dev.vtlab.otherservice;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.util.Map;

/**
 * {@code GET /orders/status}: a page that waits for a slow call ({@code orders.call-time}, a remote service's answer
 * as it feels to the caller) on its request thread and holds nothing else: Tomcat's request threads bind it, and
 * Tomcat's thread meters are off (Boot's default), so their size comes from the settings.
 */
@RestController
class StatusController {

    private final Duration callTime;

    StatusController(@Value("${orders.call-time}") Duration callTime) {
        this.callTime = callTime;
    }

    @GetMapping("/orders/status")
    Map<String, String> status() throws InterruptedException {
        Thread.sleep(callTime);
        return Map.of("status", "shipped");
    }
}
