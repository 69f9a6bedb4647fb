package dev.vtlab.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.vtlab.archunit.ProductionClasses;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The structured adapter (adapters-structured: JDK 25 bytecode with preview features, on this module's class path at
 * run time) is read by ArchUnit like any other class, so {@link ArchitectureTest}'s rules check it: it sits in the
 * diagram's fan-out adapter, knows no other adapter and makes no thread of its own choosing. And the scope it opens is
 * what {@code the_core_names_no_executor_thread_or_scope} keeps out of the core.
 */
class StructuredAdapterUnderTheRulesTest {

    private static final String PACKAGE = "dev.vtlab.adapters.out.fanout.structured";
    private static final String ADAPTER = PACKAGE + ".StructuredReads";

    @Test
    void archunit_reads_the_structured_adapter_and_the_adapters_rules_hold_for_it() {
        assumeTheAdapterIsBuilt();

        JavaClasses classes = new ClassFileImporter().withImportOption(new ProductionClasses())
                .importPackages(PACKAGE);

        assertThat(classes.contain(ADAPTER)).as("ArchUnit imported %s", ADAPTER).isTrue();
        ArchitectureRules.theCodeFollowsTheDiagram(ArchitectureTest.BASE, ArchitectureTest.DIAGRAM).check(classes);
        ArchitectureRules.adaptersDoNotKnowEachOther(ArchitectureTest.BASE).check(classes);
        ArchitectureRules.adaptersReachTheApplicationOnlyThroughItsPorts(ArchitectureTest.BASE).check(classes);
        ArchitectureRules.onlyTheCompositionRootCreatesThreadsOrExecutors(ArchitectureTest.BASE).check(classes);
    }

    @Test
    void the_scope_the_adapter_opens_is_a_means_of_concurrency_the_core_may_not_name() {
        assumeTheAdapterIsBuilt();

        JavaClass adapter = new ClassFileImporter().withImportOption(new ProductionClasses())
                .importPackages(PACKAGE).get(ADAPTER);
        List<JavaClass> scopes = adapter.getDirectDependenciesFromSelf().stream().map(Dependency::getTargetClass)
                .filter(target -> target.getName().startsWith("java.util.concurrent.StructuredTaskScope"))
                .distinct().toList();

        assertThat(scopes).as("what StructuredReads names of StructuredTaskScope").isNotEmpty()
                .allMatch(ArchitectureRules.meansOfConcurrency());
    }

    /** Skips, saying why, where this build has no structured adapter. */
    private void assumeTheAdapterIsBuilt() {
        assumeTrue(getClass().getClassLoader().getResource(ADAPTER.replace('.', '/') + ".class") != null,
                "this build has no structured adapter (no JDK 25 found at build time, or -Dvtlab.structured=false)");
    }
}
