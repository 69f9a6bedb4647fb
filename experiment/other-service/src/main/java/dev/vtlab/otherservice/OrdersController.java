package dev.vtlab.otherservice;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.util.Map;

/** {@code GET /orders/count}: one query that holds a pooled connection for {@code orders.query-time}. */
@RestController
class OrdersController {

    private final JdbcTemplate jdbc;
    private final long queryMillis;

    OrdersController(JdbcTemplate jdbc, @Value("${orders.query-time}") Duration queryTime) {
        this.jdbc = jdbc;
        this.queryMillis = queryTime.toMillis();
    }

    @GetMapping("/orders/count")
    Map<String, Long> count() {
        Long count = jdbc.queryForObject("SELECT ORDERS_SLEEP(?) + (SELECT COUNT(*) FROM orders)", Long.class,
                queryMillis);
        return Map.of("orders", count);
    }
}
