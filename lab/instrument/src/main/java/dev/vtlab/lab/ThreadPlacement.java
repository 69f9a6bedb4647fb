package dev.vtlab.lab;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lab recorder: counts, per {@link Layer}, how many calls ran on which pool and kind of thread.
 * Thread-safe and cheap enough to call on every request of a 10,000-request burst.
 */
public final class ThreadPlacement {

    private record PoolKey(String pool, ThreadKind kind) {
    }

    private final Map<Layer, Map<PoolKey, LongAdder>> counts = new ConcurrentHashMap<>();

    /** Records that the current thread is running {@code layer}; returns that thread for a response to show. */
    public ThreadSeen record(Layer layer) {
        ThreadSeen seen = ThreadSeen.current();
        counts.computeIfAbsent(layer, any -> new ConcurrentHashMap<>())
                .computeIfAbsent(new PoolKey(seen.pool(), seen.kind()), any -> new LongAdder())
                .increment();
        return seen;
    }

    /** Forgets everything recorded so far. */
    public void reset() {
        counts.clear();
    }

    /** What was recorded since the last reset, every layer present (empty if nothing ran it). */
    public Map<Layer, LayerPlacement> snapshot() {
        Map<Layer, LayerPlacement> snapshot = new EnumMap<>(Layer.class);
        for (Layer layer : Layer.values()) {
            List<PoolCount> pools = new ArrayList<>();
            counts.getOrDefault(layer, Map.of()).forEach(
                    (key, count) -> pools.add(new PoolCount(key.pool(), key.kind(), count.sum())));
            pools.sort(Comparator.comparing(PoolCount::pool).thenComparing(PoolCount::kind));
            snapshot.put(layer, LayerPlacement.of(pools));
        }
        return snapshot;
    }

    /**
     * Lab value: how one layer was placed.
     *
     * @param virtual  calls that ran on virtual threads
     * @param platform calls that ran on platform threads
     * @param pools    the same calls by pool
     */
    public record LayerPlacement(long virtual, long platform, List<PoolCount> pools) {
        static LayerPlacement of(List<PoolCount> pools) {
            long virtual = pools.stream().filter(p -> p.kind() == ThreadKind.VIRTUAL).mapToLong(PoolCount::calls).sum();
            long platform = pools.stream().filter(p -> p.kind() == ThreadKind.PLATFORM).mapToLong(PoolCount::calls).sum();
            return new LayerPlacement(virtual, platform, List.copyOf(pools));
        }
    }

    /**
     * Lab value: calls of one layer on one pool.
     *
     * @param pool  thread name without its trailing number
     * @param kind  virtual or platform
     * @param calls how many calls
     */
    public record PoolCount(String pool, ThreadKind kind, long calls) {
    }
}
