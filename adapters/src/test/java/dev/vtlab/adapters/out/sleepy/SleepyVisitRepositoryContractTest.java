package dev.vtlab.adapters.out.sleepy;

import dev.vtlab.adapters.VisitRepositoryContract;
import dev.vtlab.application.port.out.VisitRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The use-case contract over the sleepy in-memory adapter, without a guard and under each guard. */
class SleepyVisitRepositoryContractTest extends VisitRepositoryContract {

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    @Override
    protected VisitRepository freshRepository() {
        return repository(WaitGuard.NONE);
    }

    VisitRepository repository(WaitGuard guard) {
        return new SleepyVisitRepository(Duration.ofMillis(5), Duration.ofMillis(5), executor, guard);
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Nested
    class UnderSynchronized extends VisitRepositoryContract {
        @Override
        protected VisitRepository freshRepository() {
            return repository(WaitGuard.SYNCHRONIZED);
        }
    }

    @Nested
    class UnderReentrantLock extends VisitRepositoryContract {
        @Override
        protected VisitRepository freshRepository() {
            return repository(WaitGuard.REENTRANT_LOCK);
        }
    }
}
