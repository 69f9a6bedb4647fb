package dev.vtlab.lab;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/**
 * Web adapter for the lab: reports thread placement, environment, JVM figures, the visit count and what the
 * fan-out left running after its answers. Only {@code POST /lab/threads/reset} changes anything, and it changes
 * only these counters
 * ({@code POST /lab/jvm/histogram} forces a collection).
 */
@RestController
@RequestMapping("/lab")
public class LabController {

    private final ThreadPlacement placement;
    private final JvmFigures jvm;
    private final LabEnvironmentSource environment;
    private final VisitCountSource visits;
    private final ServerLoadSource load;
    private final FanOutAftermath fanOuts;
    private final String fanOutWay;

    /**
     * @param fanOuts   what the fan-out's recorder counted
     * @param fanOutWay the fan-out that runs ({@code vtlab.fan-out}), which its counts are of
     */
    public LabController(ThreadPlacement placement, JvmFigures jvm, LabEnvironmentSource environment,
                         VisitCountSource visits, ServerLoadSource load, FanOutAftermath fanOuts, String fanOutWay) {
        this.placement = placement;
        this.jvm = jvm;
        this.environment = environment;
        this.visits = visits;
        this.load = load;
        this.fanOuts = fanOuts;
        this.fanOutWay = fanOutWay;
    }

    /** Per layer: calls on virtual and on platform threads, by pool, since the last reset. */
    @GetMapping("/threads")
    public Map<Layer, ThreadPlacement.LayerPlacement> threads() {
        return placement.snapshot();
    }

    /**
     * Starts a new measurement: clears the placement counters, the JVM's peak and started counts and the fan-out's
     * counts.
     */
    @PostMapping("/threads/reset")
    public Map<Layer, ThreadPlacement.LayerPlacement> reset() {
        placement.reset();
        jvm.reset();
        fanOuts.reset();
        return placement.snapshot();
    }

    /** Flags, JDK, cores, common-pool parallelism, Tomcat limits and repository delays. */
    @GetMapping("/environment")
    public LabEnvironment environment() {
        return environment.current();
    }

    /** Platform and virtual thread counts and memory, since the last reset. */
    @GetMapping("/jvm")
    public JvmFigures.Snapshot jvm() {
        return jvm.snapshot();
    }

    /**
     * What the heap holds now: a full collection, then the live objects by class (text, as jcmd prints it). The only
     * other {@code POST}: it changes nothing but stops the server for the collection's pause.
     */
    @PostMapping(path = "/jvm/histogram", produces = MediaType.TEXT_PLAIN_VALUE)
    public String liveClassHistogram() {
        return jvm.liveClassHistogram();
    }

    /**
     * What the server holds now that no meter gives: requests in flight (0: quiet, ready to measure; the lab's own
     * are not counted). Connections, heap, threads, the pool and CPU time are on the management port's meters.
     */
    @GetMapping("/load")
    public ServerLoad load() {
        return load.current();
    }

    /**
     * What {@code /fanout}'s fan-out left behind its answers since the last reset, for the way that runs: branches
     * still running when it answered, reads started after it answered (a failure's or the deadline's), and branches
     * running past their answer now.
     */
    @GetMapping("/fanout")
    public FanOutAftermath.Snapshot fanOut() {
        return fanOuts.snapshot(fanOutWay);
    }

    /** How many visits the repository holds: compared with successful requests, it shows lost writes. */
    @GetMapping("/visits")
    public Map<String, Long> visits() {
        return Map.of("saved", visits.visitsSaved());
    }
}
