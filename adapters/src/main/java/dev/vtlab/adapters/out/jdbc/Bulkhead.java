package dev.vtlab.adapters.out.jdbc;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.interceptor.ConcurrencyThrottleInterceptor;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.resilience.InvocationRejectedException;

/**
 * A bulkhead in front of the pool: at most {@code limit} calls hold or wait for a connection at once, and the next
 * one is refused at once instead of waiting out the pool's timeout. It is Spring's own concurrency throttle (the
 * one behind {@code @ConcurrencyLimit}) with its reject policy: Spring counts and releases, vtlab only chooses to
 * refuse rather than block. Every JDBC call of the adapter is one {@link JdbcOperations} call, so throttling that
 * interface throttles the calls that hold connections.
 */
public final class Bulkhead {

    private Bulkhead() {
    }

    /** {@code jdbc} behind a bulkhead of {@code limit} concurrent calls. */
    public static JdbcOperations around(JdbcOperations jdbc, int limit) {
        ProxyFactory proxy = new ProxyFactory(jdbc);
        proxy.setInterfaces(JdbcOperations.class);
        proxy.addAdvice(new RejectingThrottle(limit, jdbc));
        return (JdbcOperations) proxy.getProxy();
    }

    /** Spring's throttle, told to reject at the limit (its default blocks, which would only move the queue). */
    private static final class RejectingThrottle extends ConcurrencyThrottleInterceptor {

        private final transient Object target;

        RejectingThrottle(int limit, Object target) {
            super(limit);
            this.target = target;
        }

        @Override
        protected void onLimitReached() {
            throw new InvocationRejectedException("more than " + getConcurrencyLimit()
                    + " database calls at once (vtlab.repository.max-concurrent)", target);
        }
    }
}
