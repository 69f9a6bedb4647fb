package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerJvm;
import dev.vtlab.loadgen.matrix.RunRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Where virtual threads were pinned to their carrier ({@code jdk.VirtualThreadPinned}), over every run of a
 * report: one row per site, as the server's lab names it (the kind of place, then the first frame outside the
 * JDK), most events first.
 *
 * @param kind   {@code class loading}, {@code driver}, {@code pool}, {@code vtlab}, {@code library} or {@code JDK}
 * @param where  the frame, e.g. {@code dev.vtlab.adapters.out.sleepy.WaitGuard$Synchronized.around}
 * @param events pinned events there, over every run
 * @param runs   the runs that had them, e.g. {@code sync T1 A0 W0 R0}
 */
public record Pinning(String kind, String where, long events, List<String> runs) {

    private static final Set<String> KINDS_IN_THE_REPOSITORYS_WAIT = Set.of("vtlab", "driver", "pool");

    /**
     * Whether the pin was where the repository waits (vtlab's guard, a driver, the pool): it holds a carrier for
     * a whole call, the pin that matters; class loading and other library or JDK sites are one-off.
     */
    boolean inTheRepositorysWait() {
        return KINDS_IN_THE_REPOSITORYS_WAIT.contains(kind);
    }

    /**
     * The same question for one of the lab's site names, e.g. {@code vtlab: dev.vtlab.adapters.out.sleepy.WaitGuard$
     * Synchronized.around} (yes) or {@code class loading: java.lang.ClassLoader.loadClass} (no).
     */
    public static boolean inTheRepositorysWait(String site) {
        return KINDS_IN_THE_REPOSITORYS_WAIT.contains(kindOf(site));
    }

    /** The part of a site's name before {@code ": "}; {@code unknown} without one. */
    private static String kindOf(String site) {
        int colon = site.indexOf(": ");
        return colon < 0 ? "unknown" : site.substring(0, colon);
    }

    /**
     * One line per kind of {@code sites}, in their order, e.g. {@code class loading: 44 events at 12 site(s), in
     * 12 run(s)}: one-off pins summed up, for a reader who only needs to know they were there.
     */
    static List<String> summaryByKind(List<Pinning> sites) {
        Map<String, List<Pinning>> byKind = new LinkedHashMap<>();
        sites.forEach(p -> byKind.computeIfAbsent(p.kind(), k -> new ArrayList<>()).add(p));
        List<String> lines = new ArrayList<>();
        byKind.forEach((kind, ofKind) -> lines.add(String.format(Locale.ROOT, "%s: %d events at %d site(s), in %d "
                        + "run(s)%s", kind, ofKind.stream().mapToLong(Pinning::events).sum(), ofKind.size(),
                ofKind.stream().flatMap(p -> p.runs().stream()).distinct().count(),
                kind.equals("class loading") ? " (at a class's first use: once per class, on any JDK)" : "")));
        return lines;
    }

    /** Sites without a kind (servers from before the lab recorded them) are grouped under {@code unknown}. */
    static List<Pinning> of(List<RunRecord> runs) {
        Map<String, Long> events = new LinkedHashMap<>();
        Map<String, Set<String>> runsBySite = new LinkedHashMap<>();
        for (RunRecord run : runs) {
            ServerJvm jvm = run.summary().server().serverJvm();
            if (jvm == null || jvm.virtualThreadsPinned() == 0) {
                continue;
            }
            Map<String, Long> sites = jvm.pinnedSites().isEmpty()
                    ? Map.of("unknown: not recorded by this server", jvm.virtualThreadsPinned()) : jvm.pinnedSites();
            sites.forEach((site, count) -> {
                events.merge(site, count, Long::sum);
                runsBySite.computeIfAbsent(site, any -> new LinkedHashSet<>())
                        .add(run.mode().label() + " " + run.flags());
            });
        }
        List<Pinning> pinning = new ArrayList<>();
        events.forEach((site, count) -> {
            String kind = kindOf(site);
            String where = site.startsWith(kind + ": ") ? site.substring(kind.length() + 2) : site;
            pinning.add(new Pinning(kind, where, count, List.copyOf(runsBySite.get(site))));
        });
        pinning.sort(Comparator.comparingLong(Pinning::events).reversed().thenComparing(Pinning::where));
        return pinning;
    }
}
