package dev.vtlab.loadgen.architecture;

import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * The load generator's architecture as rules, each built for a base package so that the same rule runs on vtlab
 * ({@code dev.vtlab}) and on the violating fixture ({@code dev.vtlab.loadgenfixture}) that proves it can fail.
 */
public final class LoadGeneratorRules {

    private LoadGeneratorRules() {
    }

    /**
     * From the command line down to JSON: {@code cli} wires everything; {@code report} reads the results of
     * {@code matrix} and {@code capacity}; {@code compare} (vtlab against the reactive reference) and
     * {@code capacity} (the rate each placement sustains) start servers as {@code matrix} does; they run bursts
     * and rates with {@code load}; {@code ceilings} (any service's ceilings from its meters) runs rates with
     * {@code load} and judges steps as {@code capacity} does; {@code load} and the rest read the server through
     * {@code labclient} and its standard meters through {@code meters}; {@code json} is the bottom. Every layer is
     * required but the two that came with the meters, which the fixture predates.
     */
    public static ArchRule layersOfTheLoadGenerator(String base) {
        String loadgen = base + ".loadgen";
        return layeredArchitecture().consideringOnlyDependenciesInAnyPackage(loadgen + "..")
                .layer("Main").definedBy(loadgen)
                .layer("Cli").definedBy(loadgen + ".cli..")
                .layer("Report").definedBy(loadgen + ".report..")
                .layer("Compare").definedBy(loadgen + ".compare..")
                .optionalLayer("Ceilings").definedBy(loadgen + ".ceilings..")
                .layer("Capacity").definedBy(loadgen + ".capacity..")
                .layer("Matrix").definedBy(loadgen + ".matrix..")
                .layer("Load").definedBy(loadgen + ".load..")
                .layer("LabClient").definedBy(loadgen + ".labclient..")
                .optionalLayer("Meters").definedBy(loadgen + ".meters..")
                .layer("Json").definedBy(loadgen + ".json..")
                .whereLayer("Main").mayNotBeAccessedByAnyLayer()
                .whereLayer("Cli").mayOnlyBeAccessedByLayers("Main")
                .whereLayer("Report").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Compare").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Ceilings").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Capacity").mayOnlyBeAccessedByLayers("Cli", "Report", "Ceilings")
                .whereLayer("Matrix").mayOnlyBeAccessedByLayers("Cli", "Report", "Compare", "Capacity")
                .whereLayer("Load").mayOnlyBeAccessedByLayers("Cli", "Report", "Matrix", "Compare", "Capacity",
                        "Ceilings")
                .whereLayer("LabClient").mayOnlyBeAccessedByLayers("Cli", "Report", "Matrix", "Load", "Compare",
                        "Capacity")
                .whereLayer("Meters").mayOnlyBeAccessedByLayers("Cli", "Report", "Matrix", "Load", "Compare",
                        "Capacity", "Ceilings")
                .because("each package has one job and depends only downwards: the runner does not know how a "
                        + "report looks, and the burst engine does not know the experiment");
    }
}
