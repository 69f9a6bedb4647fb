package dev.vtlab.loadgen.matrix;

import java.util.ArrayList;
import java.util.List;

/**
 * One setting of the axes the matrix compares side by side, each measured with the whole flag matrix: the
 * persistence adapter, the server's JDK and the sleepy repository's guard.
 *
 * @param repository the persistence adapter
 * @param jdk        the JDK the servers run on
 * @param guard      {@code none}, {@code synchronized} or {@code reentrant-lock}
 */
public record Variant(Repository repository, JdkFinder.Jdk jdk, String guard) {

    /** The guards {@code vtlab.repository.guard} takes. */
    public static final List<String> GUARDS = List.of("none", "synchronized", "reentrant-lock");

    /**
     * A name for the variant made of the axes that vary among {@code all}, e.g. {@code jdk21-synchronized}; empty
     * when only one variant is measured.
     */
    public String label(List<Variant> all) {
        List<String> parts = new ArrayList<>();
        if (all.stream().map(Variant::repository).distinct().count() > 1) {
            parts.add(repository.label());
        }
        if (all.stream().map(Variant::jdk).distinct().count() > 1) {
            parts.add("jdk" + jdk.feature());
        }
        if (all.stream().map(Variant::guard).distinct().count() > 1) {
            parts.add(guard);
        }
        return String.join("-", parts);
    }

    /** Every combination of the given axes, repository slowest, guard fastest. */
    public static List<Variant> all(List<Repository> repositories, List<JdkFinder.Jdk> jdks, List<String> guards) {
        List<Variant> variants = new ArrayList<>();
        for (Repository repository : repositories) {
            for (JdkFinder.Jdk jdk : jdks) {
                for (String guard : guards) {
                    variants.add(new Variant(repository, jdk, guard));
                }
            }
        }
        return variants;
    }
}
