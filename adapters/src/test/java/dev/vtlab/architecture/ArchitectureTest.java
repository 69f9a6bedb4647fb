package dev.vtlab.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** vtlab's architecture, checked on its production classes. Each rule is proven able to fail in
 * {@link ArchitectureRulesCanFailTest}. */
@AnalyzeClasses(packages = ArchitectureTest.BASE, importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    static final String BASE = "dev.vtlab";

    @ArchTest
    static final ArchRule layers_follow_the_dependency_rule = ArchitectureRules.layersFollowTheDependencyRule(BASE);

    @ArchTest
    static final ArchRule adapters_do_not_know_the_lab = ArchitectureRules.adaptersDoNotKnowTheLab(BASE);

    @ArchTest
    static final ArchRule adapters_reach_the_application_only_through_its_ports =
            ArchitectureRules.adaptersReachTheApplicationOnlyThroughItsPorts(BASE);

    @ArchTest
    static final ArchRule only_the_jdbc_adapter_and_the_configuration_know_jdbc =
            ArchitectureRules.onlyTheJdbcAdapterAndTheConfigurationKnowJdbc(BASE);

    @ArchTest
    static final ArchRule no_package_cycles = ArchitectureRules.noPackageCycles(BASE);

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
    static final ArchRule only_the_configuration_creates_threads_or_executors =
            ArchitectureRules.onlyTheConfigurationCreatesThreadsOrExecutors(BASE);
}
