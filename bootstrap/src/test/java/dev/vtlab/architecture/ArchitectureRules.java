package dev.vtlab.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;

import java.net.URL;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static com.tngtech.archunit.library.plantuml.rules.PlantUmlArchCondition.Configuration.consideringOnlyDependenciesInAnyPackage;
import static com.tngtech.archunit.library.plantuml.rules.PlantUmlArchCondition.adhereToPlantUmlDiagram;

/**
 * The architecture as rules, each built for a base package so that the same rule runs on vtlab
 * ({@code dev.vtlab}) and on the violating fixture ({@code dev.vtlab.archfixture}) that proves it can fail.
 * Copy this class into your project and change the base package.
 */
public final class ArchitectureRules {

    private ArchitectureRules() {
    }

    /**
     * Layers with their allowed callers. Every layer but the lab is required: a mistyped package makes an empty
     * layer, which fails the rule instead of silently checking nothing. The lab may be absent, as it is when a
     * reader deletes it (LabIsDetachableTest runs these rules without it).
     */
    public static ArchRule layersFollowTheDependencyRule(String base) {
        return layeredArchitecture().consideringOnlyDependenciesInAnyPackage(base + "..")
                .layer("Domain").definedBy(base + ".domain..")
                .layer("Application").definedBy(base + ".application..")
                .layer("Web").definedBy(base + ".adapters.in.web..")
                .layer("WebFlux").definedBy(base + ".adapters.in.webflux..")
                .layer("Sleepy").definedBy(base + ".adapters.out.sleepy..")
                .layer("VisitStore").definedBy(base + ".adapters.out.visitstore..")
                .layer("Jdbc").definedBy(base + ".adapters.out.jdbc..")
                .layer("FanOut").definedBy(base + ".adapters.out.fanout..")
                .layer("BlockingBase").definedBy(base + ".adapters.out")
                .layer("Settings").definedBy(base + ".settings..")
                .optionalLayer("Lab").definedBy(base + ".lab..")
                .layer("Bootstrap").definedBy(base + ".bootstrap..")
                .whereLayer("Bootstrap").mayNotBeAccessedByAnyLayer()
                .whereLayer("Lab").mayNotBeAccessedByAnyLayer()
                .whereLayer("Settings").mayOnlyBeAccessedByLayers("Lab", "Bootstrap")
                .whereLayer("Web").mayOnlyBeAccessedByLayers("Lab", "Bootstrap")
                .whereLayer("WebFlux").mayOnlyBeAccessedByLayers("Bootstrap")
                .whereLayer("Sleepy").mayOnlyBeAccessedByLayers("Settings", "Lab", "Bootstrap")
                .whereLayer("VisitStore").mayOnlyBeAccessedByLayers("Bootstrap")
                .whereLayer("Jdbc").mayOnlyBeAccessedByLayers("Settings", "Bootstrap")
                .whereLayer("FanOut").mayOnlyBeAccessedByLayers("Bootstrap")
                .whereLayer("BlockingBase").mayOnlyBeAccessedByLayers("Sleepy", "Jdbc")
                .whereLayer("Application").mayOnlyBeAccessedByLayers("Web", "Sleepy", "VisitStore", "Jdbc",
                        "FanOut", "BlockingBase", "Lab", "Bootstrap")
                .whereLayer("Domain").mayOnlyBeAccessedByLayers("Application", "Web", "Sleepy", "VisitStore",
                        "Jdbc", "FanOut", "BlockingBase", "Lab", "Bootstrap")
                .because("dependencies point inwards: the core (domain, application) never knows its adapters, "
                        + "adapters never know each other, the lab wraps them from outside, and only the "
                        + "composition root knows all");
    }

    /** The picture in docs/architecture.puml, whose components name packages by pattern ({@code ..lab..}). */
    public static ArchRule theCodeFollowsTheDiagram(String base, URL diagram) {
        String[] drawn = {base + ".domain..", base + ".application..", base + ".adapters..", base + ".settings..",
                base + ".lab..", base + ".bootstrap.."};
        return classes().that().resideInAnyPackage(drawn)
                .should(adhereToPlantUmlDiagram(diagram, consideringOnlyDependenciesInAnyPackage(drawn[0],
                        Arrays.copyOfRange(drawn, 1, drawn.length))))
                .because("the architecture picture a reader sees is the one the build checks: an arrow the code "
                        + "adds and the picture lacks fails the build, so the two cannot drift");
    }

    public static ArchRule nothingDependsOnTheCompositionRoot(String base) {
        return noClasses().that().resideInAPackage(base + "..").and().resideOutsideOfPackage(base + ".bootstrap..")
                .should().dependOnClassesThat().resideInAPackage(base + ".bootstrap..")
                .because("the composition root is the outermost ring: it knows everything and is known by "
                        + "nothing, so wiring can change without touching what is wired");
    }

    /** The packages of the three web servers and of Spring Boot's support for each. */
    private static final String[] WEB_SERVERS = {"org.apache.catalina..", "org.apache.coyote..",
            "org.apache.tomcat..", "org.eclipse.jetty..", "reactor.netty..", "org.springframework.boot.tomcat..",
            "org.springframework.boot.jetty..", "org.springframework.boot.reactor.."};

    public static ArchRule onlyTheCompositionRootAndTheLabKnowTheWebServer(String base) {
        return noClasses().that().resideInAPackage(base + "..")
                .and().resideOutsideOfPackages(base + ".bootstrap..", base + ".lab..")
                .should().dependOnClassesThat().resideInAnyPackage(WEB_SERVERS)
                .because("the web server, Tomcat, Jetty or Netty, is a detail chosen in the outermost ring "
                        + "(vtlab.web-server): swapping it changes no line of the domain, the use case or an adapter; "
                        + "only the lab reads which one runs");
    }

    public static ArchRule onlyTheWebFluxAdapterTheCompositionRootAndTheLabKnowWebFlux(String base) {
        return noClasses().that().resideInAPackage(base + "..")
                .and().resideOutsideOfPackages(base + ".adapters.in.webflux..", base + ".bootstrap..", base + ".lab..")
                .should().dependOnClassesThat().resideInAnyPackage("reactor..", "io.netty..",
                        "org.springframework.web.reactive..")
                .because("the delivery mechanism is a detail: the same controller serves Spring MVC and Spring "
                        + "WebFlux, what WebFlux alone needs lives in its own adapter package, and the core and the "
                        + "other adapters never see a Mono, an event loop or a WebFlux type");
    }

    public static ArchRule adaptersDoNotKnowEachOther(String base) {
        return slices().matching(base + ".adapters.(*).(*)..").should().notDependOnEachOther()
                .because("each adapter talks to the core through its port; two adapters that know each other "
                        + "can no longer be swapped one at a time");
    }

    public static ArchRule adaptersDoNotKnowTheLab(String base) {
        return noClasses().that().resideInAnyPackage(base + ".adapters..")
                .should().dependOnClassesThat().resideInAPackage(base + ".lab..")
                .because("measuring wraps the adapters (decorators the composition root applies through its hook, "
                        + "interceptors, all from the lab's own configuration): an adapter written in a workshop "
                        + "must not need a single lab call to be measured");
    }

    public static ArchRule adaptersReachTheApplicationOnlyThroughItsPorts(String base) {
        return noClasses().that().resideInAnyPackage(base + ".adapters..", base + ".lab..")
                .should().dependOnClassesThat().resideInAPackage(base + ".application.service..")
                .because("a way in calls a use case's port and a way out implements one; which class implements "
                        + "the use case is the composition root's business alone");
    }

    public static ArchRule onlyTheJdbcAdapterAndTheCompositionRootKnowJdbc(String base) {
        return noClasses().that().resideInAnyPackage(base + ".domain..", base + ".application..", base + ".adapters..")
                .and().resideOutsideOfPackages(base + ".adapters.out.jdbc..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..",
                        "com.zaxxer.hikari..", "org.springframework.jdbc..")
                .because("SQL, the driver and the connection pool are the JDBC adapter's details, sized in the "
                        + "composition root: the core and the other adapters stay the same whichever database, pool "
                        + "or bulkhead is chosen");
    }

    public static ArchRule domainDependsOnNothingButTheJdk(String base) {
        return classes().that().resideInAPackage(base + ".domain..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(base + ".domain..", "java..")
                .because("the model is plain Java: no framework, no other layer, so it outlives every technology choice");
    }

    public static ArchRule applicationDependsOnlyOnTheDomainAndTheJdk(String base) {
        return classes().that().resideInAPackage(base + ".application..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage(base + ".application..", base + ".domain..", "java..")
                .because("use cases are plain Java: no Spring, no Jakarta, no adapter; the outer layer wires them");
    }

    public static ArchRule theCoreDoesNotSpeakHttp(String base) {
        return noClasses().that().resideInAnyPackage(base + ".domain..", base + ".application..")
                .should().dependOnClassesThat().resideInAnyPackage("java.net.http..")
                .because("HTTP is a way in or out, and ways in and out are adapters");
    }

    public static ArchRule theCoreNeverCreatesThreadsOrExecutors(String base) {
        return noClasses().that().resideInAnyPackage(base + ".domain..", base + ".application..")
                .should().accessTargetWhere(createsThreadsOrExecutors())
                .because("where virtual threads go is an outer-layer decision: the core must run unchanged "
                        + "whichever thread the adapters give it");
    }

    /**
     * Stricter than creating none: the core does not even name the means of concurrency. A use case handed an
     * executor, a thread factory or a thread builder, or opening a {@code StructuredTaskScope} (JDK 21 to 25
     * preview, its API changing again after), has chosen how its work runs; it says which reads are independent
     * through a port ({@code IndependentReads}) and an adapter decides the rest.
     */
    public static ArchRule theCoreNamesNoExecutorThreadOrScope(String base) {
        return noClasses().that().resideInAnyPackage(base + ".domain..", base + ".application..")
                .should().dependOnClassesThat(meansOfConcurrency())
                .because("how independent work runs (one after the other, futures, a structured scope, which "
                        + "threads) is an adapter's, chosen in the composition root: the core says what is "
                        + "independent through a port and runs unchanged whichever way is chosen");
    }

    /** Executors, thread factories and builders, {@code StructuredTaskScope} and what it nests, by name. */
    static DescribedPredicate<JavaClass> meansOfConcurrency() {
        return DescribedPredicate.describe("are executors, thread factories or builders, or StructuredTaskScope",
                type -> type.isAssignableTo(Executor.class) || type.isAssignableTo(ThreadFactory.class)
                        || type.isAssignableTo(Thread.Builder.class) || type.isEquivalentTo(Executors.class)
                        || type.getName().startsWith(STRUCTURED_TASK_SCOPE));
    }

    /** Named as text: a preview class on JDK 21 to 25, which this test code compiled for 21 cannot import. */
    private static final String STRUCTURED_TASK_SCOPE = "java.util.concurrent.StructuredTaskScope";

    public static ArchRule onlyTheCompositionRootCreatesThreadsOrExecutors(String base) {
        return noClasses().that().resideInAnyPackage(base + ".adapters..", base + ".settings..")
                .should().accessTargetWhere(createsThreadsOrExecutors())
                .because("every executor is chosen in one place, the composition root, so that one flag moves one "
                        + "layer onto virtual threads and a reader finds every choice in one class");
    }

    private static final Set<String> THREAD_FACTORY_METHODS = Set.of("ofVirtual", "ofPlatform", "startVirtualThread");

    /**
     * Creating a thread ({@code new Thread}, {@code Thread.ofVirtual()}...), an executor ({@code Executors.*},
     * {@code new ForkJoinPool}, any {@code new} of an {@link Executor}), reaching for the common pool, or calling a
     * {@code CompletableFuture.*Async} method without an executor, which picks one silently.
     */
    static DescribedPredicate<JavaAccess<?>> createsThreadsOrExecutors() {
        return DescribedPredicate.describe("creates threads or executors, or lets CompletableFuture pick one",
                access -> {
                    AccessTarget target = access.getTarget();
                    JavaClass owner = target.getOwner();
                    boolean constructor = target.getName().equals("<init>");
                    return constructor && (owner.isAssignableTo(Thread.class) || owner.isAssignableTo(Executor.class))
                            || owner.isEquivalentTo(Thread.class) && THREAD_FACTORY_METHODS.contains(target.getName())
                            || owner.isEquivalentTo(Executors.class)
                            || owner.isEquivalentTo(ForkJoinPool.class)
                            || owner.isEquivalentTo(CompletableFuture.class) && picksItsOwnExecutor(target);
                });
    }

    private static boolean picksItsOwnExecutor(AccessTarget target) {
        return target instanceof AccessTarget.CodeUnitAccessTarget codeUnit
                && codeUnit.getName().endsWith("Async")
                && codeUnit.getRawParameterTypes().stream().noneMatch(type -> type.isAssignableTo(Executor.class));
    }
}
