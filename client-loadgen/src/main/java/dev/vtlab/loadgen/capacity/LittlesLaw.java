package dev.vtlab.loadgen.capacity;

import dev.vtlab.loadgen.labclient.ServerEnvironment;
import dev.vtlab.loadgen.load.Mode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Predicts a placement's capacity from the server's configuration as its lab reports it: each resource a request
 * of this mode holds, divided by how long it holds it (L = lambda x W, so lambda = L / W); the lowest binds. A
 * request holds a waiting thread and a connection for its floor ({@link Mode#floorMs}); a resource it takes once a
 * call (a JDBC connection, the bulkhead, the branches' pool) b times, each for that call's wait h, so N / (b x h):
 * a visit's count and save, a card's three reads, at once or not; the machine's cores for the CPU time it costs,
 * measured (server and load generator together: on loopback they share the cores), or, when the server runs on
 * cores of its own, those cores for the server's CPU time alone and the load generator's cores for its own
 * ({@link #withLoadGenerator}).
 */
public final class LittlesLaw {

    private LittlesLaw() {
    }

    /**
     * Every ceiling a request of {@code mode} meets on {@code server}, lowest first.
     *
     * @param cpuSecondsPerRequest measured CPU time per request on the machine, {@code null} when not measured (no
     *                             CPU ceiling)
     */
    public static List<Ceiling> ceilings(ServerEnvironment server, Mode mode, Double cpuSecondsPerRequest) {
        return ceilings(server, mode, cpuSecondsPerRequest, Resource.CPU);
    }

    /**
     * As {@link #ceilings(ServerEnvironment, Mode, Double)}, the CPU time being {@code cpu}'s: the machine's
     * ({@link Resource#CPU}), or the server's own on its cores ({@link Resource#SERVER_CPU}); either way the
     * server's available processors are the cores it runs on.
     */
    public static List<Ceiling> ceilings(ServerEnvironment server, Mode mode, Double cpuSecondsPerRequest,
                                         Resource cpu) {
        double hold = mode.floorMs(server) / 1000.0;
        List<Long> calls = mode.callDelaysMs(server);
        double callHold = calls.stream().mapToLong(Long::longValue).average().orElse(0) / 1000.0;
        ServerEnvironment.Flags flags = server.flags();
        ServerEnvironment.Executors executors = server.executors();
        List<Ceiling> ceilings = new ArrayList<>();
        ServerEnvironment.WebServerLimits webServer = server.webServer();
        if (webServer.maxConnections() > 0) {
            ceilings.add(new Ceiling(Resource.CONNECTIONS, webServer.maxConnections(), hold));
        }
        Integer commonPool = executors == null ? null : executors.supplyAsyncDefaultThreads();
        switch (mode) {
            case SYNC -> requestThreads(webServer, hold).ifPresent(ceilings::add);
            case FANOUT -> {
                requestThreads(webServer, hold).ifPresent(ceilings::add);
                // futures runs the card's reads on W's executor: with W off, supplyAsync's default, a task a read.
                if ("futures".equals(server.fanOut().way()) && !flags.wrapper() && commonPool != null) {
                    ceilings.add(new Ceiling(Resource.COMMON_POOL, commonPool, calls.size(), callHold));
                }
            }
            case ASYNC -> {
                // The HTTP adapter with R off waits on its client's own cached pool: no limit of its own.
                if (!flags.repository() && !"http".equals(server.repository()) && commonPool != null) {
                    ceilings.add(new Ceiling(Resource.COMMON_POOL, commonPool, hold));
                }
            }
            case WRAPPED -> {
                if (!flags.wrapper() && commonPool != null) {
                    ceilings.add(new Ceiling(Resource.COMMON_POOL, commonPool, hold));
                }
            }
            case CALLABLE -> {
                Integer asyncExecutor = executors == null ? null : executors.asyncExecutorThreads();
                if (!flags.asyncExecutor() && asyncExecutor != null) {
                    ceilings.add(new Ceiling(Resource.ASYNC_EXECUTOR, asyncExecutor, hold));
                }
            }
        }
        if (server.pool() != null) {
            ceilings.add(new Ceiling(Resource.JDBC_POOL, server.pool().size(), calls.size(), callHold));
            if (server.pool().maxConcurrent() != null) {
                ceilings.add(new Ceiling(Resource.BULKHEAD, server.pool().maxConcurrent(), calls.size(), callHold));
            }
        }
        if (cpuSecondsPerRequest != null && cpuSecondsPerRequest > 0) {
            ceilings.add(new Ceiling(cpu, server.availableProcessors(), cpuSecondsPerRequest));
        }
        ceilings.sort(Comparator.comparingDouble(Ceiling::rate));
        return List.copyOf(ceilings);
    }

    /** The request's thread, held for the whole request where its pool is bounded (T off, or Netty's event loop). */
    private static Optional<Ceiling> requestThreads(ServerEnvironment.WebServerLimits webServer, double hold) {
        Integer requestThreads = webServer.requestThreads();
        return requestThreads == null ? Optional.empty() : Optional.of(new Ceiling(
                webServer.eventLoop() ? Resource.EVENT_LOOP : Resource.REQUEST_THREADS, requestThreads, hold));
    }

    /**
     * {@code ceilings} with the load generator's own cores among them, lowest first: when it runs apart from the
     * server it is a resource every request holds too (it sends, reads and times each), and on few cores it can
     * bind before the server does.
     *
     * @param cores             the load generator's cores
     * @param cpuSecondsPerRequest its CPU time per request
     */
    public static List<Ceiling> withLoadGenerator(List<Ceiling> ceilings, int cores, double cpuSecondsPerRequest) {
        List<Ceiling> all = new ArrayList<>(ceilings);
        if (cpuSecondsPerRequest > 0) {
            all.add(new Ceiling(Resource.LOADGEN_CPU, cores, cpuSecondsPerRequest));
        }
        all.sort(Comparator.comparingDouble(Ceiling::rate));
        return List.copyOf(all);
    }

    /** The ceiling that binds: the lowest of {@link #ceilings}. */
    public static Ceiling binding(ServerEnvironment server, Mode mode, Double cpuSecondsPerRequest) {
        List<Ceiling> all = ceilings(server, mode, cpuSecondsPerRequest);
        if (all.isEmpty()) {
            throw new IllegalArgumentException("the server reports no resource a request holds");
        }
        return all.getFirst();
    }
}
