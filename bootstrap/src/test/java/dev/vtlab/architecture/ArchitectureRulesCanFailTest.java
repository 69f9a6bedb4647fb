package dev.vtlab.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterCallingPersistence;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterCallingTheServiceItself;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterQueryingTheDatabase;
import dev.vtlab.archfixture.cyclea.NeedsB;
import dev.vtlab.archfixture.adapters.out.sleepy.PersistenceAdapterWithItsOwnPool;
import dev.vtlab.archfixture.lab.LabReadingTheWiring;
import dev.vtlab.archfixture.adapters.out.visitstore.StoreAdapterRecordingItsThreads;
import dev.vtlab.archfixture.application.ServiceCallingHttp;
import dev.vtlab.archfixture.application.ServiceKnowingTheWeb;
import dev.vtlab.archfixture.application.ServiceStartingThreads;
import dev.vtlab.archfixture.domain.SpringAnnotatedEntity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every rule can fail: each runs against {@code dev.vtlab.archfixture}, a small tree with one violation per rule,
 * and must report that violation, naming the class that commits it. A rule that named a package that does not
 * exist would pass on anything; this test would catch it.
 */
class ArchitectureRulesCanFailTest {

    private static final String FIXTURE = "dev.vtlab.archfixture";
    private static JavaClasses fixture;
    private static JavaClasses production;

    @BeforeAll
    static void importClasses() {
        fixture = new ClassFileImporter().importPackages(FIXTURE);
        production = new ClassFileImporter().withImportOption(new ProductionClasses())
                .importPackages(ArchitectureTest.BASE);
    }

    static Stream<Arguments> rulesAndTheirViolators() {
        return Stream.of(
                rule("layers", ArchitectureRules::layersFollowTheDependencyRule, WebAdapterCallingPersistence.class),
                rule("layers", ArchitectureRules::layersFollowTheDependencyRule, ServiceKnowingTheWeb.class),
                rule("layers", ArchitectureRules::layersFollowTheDependencyRule, StoreAdapterRecordingItsThreads.class),
                rule("layers", ArchitectureRules::layersFollowTheDependencyRule, WebAdapterQueryingTheDatabase.class),
                rule("layers", ArchitectureRules::layersFollowTheDependencyRule, LabReadingTheWiring.class),
                rule("diagram", ArchitectureRulesCanFailTest::theCodeFollowsTheDiagram, WebAdapterCallingPersistence.class),
                rule("diagram", ArchitectureRulesCanFailTest::theCodeFollowsTheDiagram, ServiceKnowingTheWeb.class),
                rule("diagram", ArchitectureRulesCanFailTest::theCodeFollowsTheDiagram, LabReadingTheWiring.class),
                rule("composition root", ArchitectureRules::nothingDependsOnTheCompositionRoot,
                        LabReadingTheWiring.class),
                rule("adapters apart", ArchitectureRules::adaptersDoNotKnowEachOther,
                        WebAdapterCallingPersistence.class),
                rule("jdbc", ArchitectureRules::onlyTheJdbcAdapterAndTheCompositionRootKnowJdbc,
                        WebAdapterQueryingTheDatabase.class),
                rule("no lab in adapters", ArchitectureRules::adaptersDoNotKnowTheLab,
                        StoreAdapterRecordingItsThreads.class),
                rule("ports only", ArchitectureRules::adaptersReachTheApplicationOnlyThroughItsPorts,
                        WebAdapterCallingTheServiceItself.class),
                rule("cycles", ArchitectureRules::noPackageCycles, NeedsB.class),
                rule("domain", ArchitectureRules::domainDependsOnNothingButTheJdk, SpringAnnotatedEntity.class),
                rule("application", ArchitectureRules::applicationDependsOnlyOnTheDomainAndTheJdk,
                        ServiceKnowingTheWeb.class),
                rule("http", ArchitectureRules::theCoreDoesNotSpeakHttp, ServiceCallingHttp.class),
                rule("core threads", ArchitectureRules::theCoreNeverCreatesThreadsOrExecutors,
                        ServiceStartingThreads.class),
                rule("only the root", ArchitectureRules::onlyTheCompositionRootCreatesThreadsOrExecutors,
                        PersistenceAdapterWithItsOwnPool.class));
    }

    private static Arguments rule(String name, Function<String, ArchRule> rule, Class<?> violator) {
        return Arguments.of(name, rule, violator);
    }

    @ParameterizedTest(name = "{0} rule reports {2}")
    @MethodSource("rulesAndTheirViolators")
    void each_rule_reports_the_violation_in_the_fixture(String name, Function<String, ArchRule> rule,
                                                         Class<?> violator) {
        EvaluationResult result = rule.apply(FIXTURE).evaluate(fixture);

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails()).anyMatch(line -> line.contains(violator.getName()));
    }

    @Test
    void the_core_thread_rule_catches_each_way_of_making_a_thread_or_executor() {
        EvaluationResult result = ArchitectureRules.theCoreNeverCreatesThreadsOrExecutors(FIXTURE).evaluate(fixture);

        assertThat(String.join("\n", result.getFailureReport().getDetails()))
                .contains("Thread.<init>", "Thread.ofVirtual()", "Executors.newFixedThreadPool(int)",
                        "ForkJoinPool.commonPool()", "CompletableFuture.supplyAsync(java.util.function.Supplier)")
                .doesNotContain("supplyAsync(java.util.function.Supplier, java.util.concurrent.Executor)");
    }

    static Stream<Function<String, ArchRule>> allRules() {
        return Stream.of(ArchitectureRules::layersFollowTheDependencyRule,
                ArchitectureRulesCanFailTest::theCodeFollowsTheDiagram,
                ArchitectureRules::nothingDependsOnTheCompositionRoot,
                ArchitectureRules::adaptersDoNotKnowEachOther,
                ArchitectureRules::adaptersDoNotKnowTheLab,
                ArchitectureRules::adaptersReachTheApplicationOnlyThroughItsPorts,
                ArchitectureRules::onlyTheJdbcAdapterAndTheCompositionRootKnowJdbc,
                ArchitectureRules::noPackageCycles,
                ArchitectureRules::domainDependsOnNothingButTheJdk,
                ArchitectureRules::applicationDependsOnlyOnTheDomainAndTheJdk,
                ArchitectureRules::theCoreDoesNotSpeakHttp,
                ArchitectureRules::theCoreNeverCreatesThreadsOrExecutors,
                ArchitectureRules::onlyTheCompositionRootCreatesThreadsOrExecutors);
    }

    /** The diagram rule for a base package, on the same picture for vtlab and for the fixture. */
    private static ArchRule theCodeFollowsTheDiagram(String base) {
        return ArchitectureRules.theCodeFollowsTheDiagram(base, ArchitectureTest.DIAGRAM);
    }

    @ParameterizedTest
    @MethodSource("allRules")
    void a_mistyped_base_package_fails_instead_of_checking_nothing(Function<String, ArchRule> rule) {
        // An empty layer is a violation; a rule whose that() matches nothing fails as "failed to check any classes".
        assertThatThrownBy(() -> rule.apply("dev.vtlab.mistyped").check(production))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("dev.vtlab.mistyped");
    }

    @ParameterizedTest
    @MethodSource("allRules")
    void every_rule_holds_for_vtlab(Function<String, ArchRule> rule) {
        assertThat(rule.apply(ArchitectureTest.BASE).evaluate(production).getFailureReport().getDetails()).isEmpty();
    }
}
