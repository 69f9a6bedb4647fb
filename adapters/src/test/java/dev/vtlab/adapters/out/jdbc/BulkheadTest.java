package dev.vtlab.adapters.out.jdbc;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.resilience.InvocationRejectedException;

import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The bulkhead lets its limit through, refuses the next at once, and counts both for its meters. */
class BulkheadTest {

    @Test
    void it_counts_the_calls_inside_and_those_it_refused() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        JdbcOperations slow = (JdbcOperations) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {JdbcOperations.class}, (proxy, method, args) -> {
                    entered.countDown();
                    assertThat(release.await(30, TimeUnit.SECONDS)).as("released within the deadline").isTrue();
                    return 1L;
                });
        Bulkhead bulkhead = Bulkhead.of(1);
        JdbcOperations guarded = bulkhead.around(slow);

        CompletableFuture<Long> inside = CompletableFuture.supplyAsync(
                () -> guarded.queryForObject("SELECT 1", Long.class));
        assertThat(entered.await(30, TimeUnit.SECONDS)).as("the first call entered within the deadline").isTrue();

        assertThat(bulkhead.inside()).isEqualTo(1);
        assertThatThrownBy(() -> guarded.queryForObject("SELECT 1", Long.class))
                .isInstanceOf(InvocationRejectedException.class).hasMessageContaining("more than 1 database calls");
        assertThat(bulkhead.refused()).isEqualTo(1);

        release.countDown();
        assertThat(inside.get(30, TimeUnit.SECONDS)).isEqualTo(1L);
        assertThat(bulkhead.inside()).isZero();
        assertThat(bulkhead.limit()).isEqualTo(1);
    }
}
