package dev.vtlab.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterCallingPersistence;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterCallingTheServiceItself;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterQueryingTheDatabase;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterReturningAMono;
import dev.vtlab.archfixture.adapters.in.web.WebAdapterTuningTheWebServer;
import dev.vtlab.archfixture.adapters.out.sleepy.PersistenceAdapterWithItsOwnPool;
import dev.vtlab.archfixture.adapters.out.visitstore.StoreAdapterRecordingItsThreads;
import dev.vtlab.archfixture.application.ServiceCallingHttp;
import dev.vtlab.archfixture.application.ServiceKnowingTheWeb;
import dev.vtlab.archfixture.application.ServiceForkingItsReads;
import dev.vtlab.archfixture.application.ServiceStartingThreads;
import dev.vtlab.archfixture.cyclea.NeedsB;
import dev.vtlab.archfixture.domain.SpringAnnotatedEntity;
import dev.vtlab.archfixture.lab.LabReadingTheWiring;
import dev.vtlab.archunit.CommonRules;
import dev.vtlab.archunit.RulesCanFailContract;
import org.junit.jupiter.api.Test;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rule can fail: each runs against {@code dev.vtlab.archfixture}, a small tree with one violation per rule
 * (the diagram rule on the same picture as vtlab), and must report that violation, naming the class that commits
 * it; and with a mistyped base package it must fail instead of checking nothing.
 */
class ArchitectureRulesCanFailTest extends RulesCanFailContract {

    private static final String FIXTURE = "dev.vtlab.archfixture";

    ArchitectureRulesCanFailTest() {
        super(FIXTURE, ArchitectureTest.BASE);
    }

    @Override
    protected Stream<Violation> violations() {
        return Stream.of(
                new Violation("layers", ArchitectureRules::layersFollowTheDependencyRule, WebAdapterCallingPersistence.class),
                new Violation("layers", ArchitectureRules::layersFollowTheDependencyRule, ServiceKnowingTheWeb.class),
                new Violation("layers", ArchitectureRules::layersFollowTheDependencyRule, StoreAdapterRecordingItsThreads.class),
                new Violation("layers", ArchitectureRules::layersFollowTheDependencyRule, WebAdapterQueryingTheDatabase.class),
                new Violation("layers", ArchitectureRules::layersFollowTheDependencyRule, LabReadingTheWiring.class),
                new Violation("diagram", ArchitectureRulesCanFailTest::theCodeFollowsTheDiagram, WebAdapterCallingPersistence.class),
                new Violation("diagram", ArchitectureRulesCanFailTest::theCodeFollowsTheDiagram, ServiceKnowingTheWeb.class),
                new Violation("diagram", ArchitectureRulesCanFailTest::theCodeFollowsTheDiagram, LabReadingTheWiring.class),
                new Violation("composition root", ArchitectureRules::nothingDependsOnTheCompositionRoot,
                        LabReadingTheWiring.class),
                new Violation("web server", ArchitectureRules::onlyTheCompositionRootAndTheLabKnowTheWebServer,
                        WebAdapterTuningTheWebServer.class),
                new Violation("webflux", ArchitectureRules::onlyTheWebFluxAdapterTheCompositionRootAndTheLabKnowWebFlux,
                        WebAdapterReturningAMono.class),
                new Violation("adapters apart", ArchitectureRules::adaptersDoNotKnowEachOther,
                        WebAdapterCallingPersistence.class),
                new Violation("jdbc", ArchitectureRules::onlyTheJdbcAdapterAndTheCompositionRootKnowJdbc,
                        WebAdapterQueryingTheDatabase.class),
                new Violation("no lab in adapters", ArchitectureRules::adaptersDoNotKnowTheLab,
                        StoreAdapterRecordingItsThreads.class),
                new Violation("ports only", ArchitectureRules::adaptersReachTheApplicationOnlyThroughItsPorts,
                        WebAdapterCallingTheServiceItself.class),
                new Violation("cycles", CommonRules::noPackageCycles, NeedsB.class),
                new Violation("domain", ArchitectureRules::domainDependsOnNothingButTheJdk, SpringAnnotatedEntity.class),
                new Violation("application", ArchitectureRules::applicationDependsOnlyOnTheDomainAndTheJdk,
                        ServiceKnowingTheWeb.class),
                new Violation("http", ArchitectureRules::theCoreDoesNotSpeakHttp, ServiceCallingHttp.class),
                new Violation("core threads", ArchitectureRules::theCoreNeverCreatesThreadsOrExecutors,
                        ServiceStartingThreads.class),
                new Violation("core concurrency", ArchitectureRules::theCoreNamesNoExecutorThreadOrScope,
                        ServiceForkingItsReads.class),
                new Violation("core concurrency", ArchitectureRules::theCoreNamesNoExecutorThreadOrScope,
                        ServiceStartingThreads.class),
                new Violation("only the root", ArchitectureRules::onlyTheCompositionRootCreatesThreadsOrExecutors,
                        PersistenceAdapterWithItsOwnPool.class));
    }

    @Test
    void the_core_thread_rule_catches_each_way_of_making_a_thread_or_executor() {
        JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE);
        EvaluationResult result = ArchitectureRules.theCoreNeverCreatesThreadsOrExecutors(FIXTURE).evaluate(fixture);

        assertThat(String.join("\n", result.getFailureReport().getDetails()))
                .contains("Thread.<init>", "Thread.ofVirtual()", "Executors.newFixedThreadPool(int)",
                        "ForkJoinPool.commonPool()", "CompletableFuture.supplyAsync(java.util.function.Supplier)")
                .doesNotContain("supplyAsync(java.util.function.Supplier, java.util.concurrent.Executor)");
    }

    /** The diagram rule for a base package, on the same picture for vtlab and for the fixture. */
    private static ArchRule theCodeFollowsTheDiagram(String base) {
        return ArchitectureRules.theCodeFollowsTheDiagram(base, ArchitectureTest.DIAGRAM);
    }
}
