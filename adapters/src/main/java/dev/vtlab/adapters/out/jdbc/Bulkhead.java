package dev.vtlab.adapters.out.jdbc;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.interceptor.ConcurrencyThrottleInterceptor;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.resilience.InvocationRejectedException;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bulkhead in front of the pool: at most {@code limit} calls hold or wait for a connection at once, and the next
 * one is refused at once instead of waiting out the pool's timeout. It is Spring's own concurrency throttle (the
 * one behind {@code @ConcurrencyLimit}) with its reject policy: Spring counts and releases, vtlab only chooses to
 * refuse rather than block. Every JDBC call of the adapter is one {@link JdbcOperations} call, so throttling that
 * interface throttles the calls that hold connections. It counts the calls inside it and those it refused, for
 * whoever meters it (the composition root): Spring's throttle keeps its count to itself.
 */
public final class Bulkhead {

    private final int limit;
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicLong refused = new AtomicLong();

    private Bulkhead(int limit) {
        this.limit = limit;
    }

    /** A bulkhead of {@code limit} concurrent calls. */
    public static Bulkhead of(int limit) {
        return new Bulkhead(limit);
    }

    /** {@code jdbc} behind this bulkhead. */
    public JdbcOperations around(JdbcOperations jdbc) {
        ProxyFactory proxy = new ProxyFactory(jdbc);
        proxy.setInterfaces(JdbcOperations.class);
        proxy.addAdvice(new RejectingThrottle(jdbc));
        return (JdbcOperations) proxy.getProxy();
    }

    /** The calls it lets through at once. */
    public int limit() {
        return limit;
    }

    /** The calls inside it now. */
    public int inside() {
        return inside.get();
    }

    /** The calls it refused so far. */
    public long refused() {
        return refused.get();
    }

    /** Spring's throttle, told to reject at the limit (its default blocks, which would only move the queue). */
    private final class RejectingThrottle extends ConcurrencyThrottleInterceptor {

        private final transient Object target;

        RejectingThrottle(Object target) {
            super(limit);
            this.target = target;
        }

        @Override
        protected void beforeAccess() {
            super.beforeAccess();
            inside.incrementAndGet();
        }

        @Override
        protected void afterAccess() {
            inside.decrementAndGet();
            super.afterAccess();
        }

        @Override
        protected void onLimitReached() {
            refused.incrementAndGet();
            throw new InvocationRejectedException("more than " + getConcurrencyLimit()
                    + " database calls at once (vtlab.repository.max-concurrent)", target);
        }
    }
}
