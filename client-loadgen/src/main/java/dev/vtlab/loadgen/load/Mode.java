package dev.vtlab.loadgen.load;

import dev.vtlab.loadgen.labclient.ServerEnvironment;

import java.util.Arrays;
import java.util.List;

/**
 * The styles the server serves its use cases in, the flags the matrix varies for each, and the flag whose threads
 * wait in it: four styles of the same visit (count, then save), and {@code /fanout}, a visitor's card of three
 * independent reads that saves nothing.
 */
public enum Mode {
    SYNC("/sync", List.of(Flag.T), Flag.T, true),
    ASYNC("/async", List.of(Flag.T, Flag.A, Flag.R), Flag.R, true),
    WRAPPED("/wrapped", List.of(Flag.T, Flag.A, Flag.W), Flag.W, true),
    CALLABLE("/callable", List.of(Flag.T, Flag.A), Flag.A, true),
    /**
     * The card's reads run the way {@code vtlab.fan-out} says: one after the other on the request's thread, or on W's
     * executor; the request's thread waits for them in every way, so T is the flag it waits on, and W decides the
     * branches' threads when they have their own ({@code futures}).
     */
    FANOUT("/fanout", List.of(Flag.T, Flag.A, Flag.W), Flag.T, false);

    private final String path;
    private final List<Flag> relevantFlags;
    private final Flag waitsOn;
    private final boolean visits;

    Mode(String path, List<Flag> relevantFlags, Flag waitsOn, boolean visits) {
        this.path = path;
        this.relevantFlags = relevantFlags;
        this.waitsOn = waitsOn;
        this.visits = visits;
    }

    /**
     * The flag whose threads wait out the repository's delays in this style: Tomcat's for sync, the repository's
     * for async, the wrapper's for wrapped, Spring's async executor for callable, the request's for fanout (its
     * branches' are the way's, {@code FanOutWay}). The other flags free no waiting thread here; a run that varies
     * them is a control.
     */
    public Flag waitsOn() {
        return waitsOn;
    }

    public String path() {
        return path;
    }

    /**
     * The flags the matrix varies for this mode, the others held off: those whose threads this mode runs on (T for
     * the request's entry, and {@link #waitsOn}; W for fanout's branches), and A for async, wrapped and fanout as a
     * control: A reaches {@code Callable} only, and those runs show that it changes nothing there (flags.properties
     * says the same).
     */
    public List<Flag> relevantFlags() {
        return relevantFlags;
    }

    /**
     * Whether this style runs the visit (count, then save): each success saves one visit, and no request is faster
     * than the two repository delays. Fanout's card only reads.
     */
    public boolean visits() {
        return visits;
    }

    /**
     * How long a request of this mode waits at the least on {@code server}: a visit's two delays; a card's three
     * reads added up when they run one after the other, the longest when they run at once.
     */
    public long floorMs(ServerEnvironment server) {
        return visits ? server.floorMs() : fanOut(server).floorMs();
    }

    /**
     * The waits of the calls one request of this mode makes to the repository's resources (a JDBC connection, the
     * bulkhead), one each: a visit's count and save, a card's three reads. A request holds such a resource for
     * their sum, however they overlap: each call holds one of its own.
     */
    public List<Long> callDelaysMs(ServerEnvironment server) {
        return visits ? List.of(server.repositoryCountDelayMs(), server.repositorySaveDelayMs())
                : fanOut(server).readDelaysMs();
    }

    private ServerEnvironment.FanOut fanOut(ServerEnvironment server) {
        if (server.fanOut() == null) {
            throw new IllegalStateException("the server reports no fan-out, which " + path + " needs");
        }
        return server.fanOut();
    }

    /** The four styles of the same visit, what a plan measures unless told otherwise. */
    public static List<Mode> visitStyles() {
        return Arrays.stream(values()).filter(Mode::visits).toList();
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
