package dev.vtlab.adapters.config;

import dev.vtlab.adapters.in.web.HelloController;
import dev.vtlab.adapters.lab.Layer;
import dev.vtlab.adapters.lab.RecordingExecutor;
import dev.vtlab.adapters.lab.RecordingVisitRepository;
import dev.vtlab.adapters.lab.ThreadPlacement;
import dev.vtlab.adapters.lab.VisitCounter;
import dev.vtlab.application.port.out.VisitRepository;
import org.springframework.beans.factory.config.BeanPostProcessor;

import java.util.concurrent.Executor;

/**
 * Configuration of the lab: puts its recorders around the beans the composition root made, after it made them, so
 * that the composition root chooses adapters and executors and knows nothing of the lab. The persistence adapter (the one
 * {@link VisitRepository} bean) is wrapped in a {@link RecordingVisitRepository}; the executor {@code /wrapped}
 * hands to {@code supplyAsync} (the bean named {@value HelloController#WRAPPER_EXECUTOR}) in a {@link RecordingExecutor}. It also
 * answers how many visits were saved, from the repository it wrapped.
 */
public final class LabRecorders implements BeanPostProcessor, VisitCounter {


    private final ThreadPlacement placement = new ThreadPlacement();
    private volatile RecordingVisitRepository repository;

    /** Where the recorders write. */
    public ThreadPlacement placement() {
        return placement;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof VisitRepository adapter && !(bean instanceof RecordingVisitRepository)) {
            repository = new RecordingVisitRepository(adapter, placement);
            return repository;
        }
        if (HelloController.WRAPPER_EXECUTOR.equals(beanName) && bean instanceof Executor executor) {
            return new RecordingExecutor(executor, Layer.WRAPPER, placement);
        }
        return bean;
    }

    @Override
    public long visitsSaved() {
        RecordingVisitRepository recorded = repository;
        return recorded == null ? 0 : recorded.visitsSaved();
    }
}
