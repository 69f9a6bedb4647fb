package dev.vtlab.architecture;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.vtlab.archunit.CommonRules;
import dev.vtlab.archunit.ProductionClasses;

import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;

/** vtlab's architecture, checked on its production classes. Each rule is proven able to fail in
 * {@link ArchitectureRulesCanFailTest}. */
@AnalyzeClasses(packages = ArchitectureTest.BASE, importOptions = ProductionClasses.class)
class ArchitectureTest {

    static final String BASE = "dev.vtlab";
    /** The picture docs/architecture.md shows, from the repository's root (the tests run in bootstrap/). */
    static final URL DIAGRAM = diagram();

    @ArchTest
    static final ArchRule the_code_follows_the_diagram = ArchitectureRules.theCodeFollowsTheDiagram(BASE, DIAGRAM);

    @ArchTest
    static final ArchRule nothing_depends_on_the_composition_root =
            ArchitectureRules.nothingDependsOnTheCompositionRoot(BASE);

    @ArchTest
    static final ArchRule only_the_composition_root_and_the_lab_know_the_web_server =
            ArchitectureRules.onlyTheCompositionRootAndTheLabKnowTheWebServer(BASE);

    @ArchTest
    static final ArchRule only_the_webflux_adapter_the_composition_root_and_the_lab_know_webflux =
            ArchitectureRules.onlyTheWebFluxAdapterTheCompositionRootAndTheLabKnowWebFlux(BASE);

    @ArchTest
    static final ArchRule adapters_do_not_know_each_other = ArchitectureRules.adaptersDoNotKnowEachOther(BASE);

    @ArchTest
    static final ArchRule layers_follow_the_dependency_rule = ArchitectureRules.layersFollowTheDependencyRule(BASE);

    @ArchTest
    static final ArchRule adapters_do_not_know_the_lab = ArchitectureRules.adaptersDoNotKnowTheLab(BASE);

    @ArchTest
    static final ArchRule adapters_reach_the_application_only_through_its_ports =
            ArchitectureRules.adaptersReachTheApplicationOnlyThroughItsPorts(BASE);

    @ArchTest
    static final ArchRule only_the_jdbc_adapter_and_the_composition_root_know_jdbc =
            ArchitectureRules.onlyTheJdbcAdapterAndTheCompositionRootKnowJdbc(BASE);

    @ArchTest
    static final ArchRule no_package_cycles = CommonRules.noPackageCycles(BASE);

    @ArchTest
    static final ArchRule domain_depends_on_nothing_but_the_jdk = ArchitectureRules.domainDependsOnNothingButTheJdk(BASE);

    @ArchTest
    static final ArchRule application_depends_only_on_the_domain_and_the_jdk =
            ArchitectureRules.applicationDependsOnlyOnTheDomainAndTheJdk(BASE);

    @ArchTest
    static final ArchRule the_core_does_not_speak_http = ArchitectureRules.theCoreDoesNotSpeakHttp(BASE);

    @ArchTest
    static final ArchRule the_core_never_creates_threads_or_executors =
            ArchitectureRules.theCoreNeverCreatesThreadsOrExecutors(BASE);

    @ArchTest
    static final ArchRule the_core_names_no_executor_thread_or_scope =
            ArchitectureRules.theCoreNamesNoExecutorThreadOrScope(BASE);

    @ArchTest
    static final ArchRule only_the_composition_root_creates_threads_or_executors =
            ArchitectureRules.onlyTheCompositionRootCreatesThreadsOrExecutors(BASE);

    private static URL diagram() {
        Path file = Path.of("..", "docs", "architecture.puml");
        try {
            return file.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new UncheckedIOException(e);
        }
    }
}
