package dev.vtlab.adapters.out.persistence;

import dev.vtlab.adapters.VisitRepositoryContract;
import dev.vtlab.application.port.out.VisitRepository;
import org.junit.jupiter.api.AfterEach;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The use-case contract over the sleepy in-memory adapter. */
class SleepyVisitRepositoryContractTest extends VisitRepositoryContract {

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    @Override
    protected VisitRepository freshRepository() {
        return new SleepyVisitRepository(Duration.ofMillis(5), Duration.ofMillis(5), executor);
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }
}
