package dev.vtlab.lab;

import dev.vtlab.adapters.in.web.FanOutController;
import dev.vtlab.application.port.out.IndependentReads;
import org.slf4j.MDC;

import java.util.ArrayList;
import java.util.List;

/**
 * Lab decorator: the fan-out the composition root chose, each of its reads noted as it starts and ends and the
 * fan-out as it answers ({@link FanOutAftermath}), with the request id the read's thread carried, and the thread
 * itself in the lab's thread report ({@link Layer#FAN_OUT_BRANCH}). The reads, their order, their threads and every
 * answer and failure are the adapter's own: whoever calls this cannot tell it from the adapter inside.
 */
public final class RecordingIndependentReads implements IndependentReads {

    /** Where the web adapter puts the request's id, and where a branch finds it if its context reached it. */
    private static final String REQUEST_ID_KEY = FanOutController.REQUEST_ID_KEY;

    private final IndependentReads fanOut;
    private final FanOutAftermath aftermath;
    private final ThreadPlacement placement;

    public RecordingIndependentReads(IndependentReads fanOut, FanOutAftermath aftermath, ThreadPlacement placement) {
        this.fanOut = fanOut;
        this.aftermath = aftermath;
        this.placement = placement;
    }

    @Override
    public Answers readAll(List<Read<?>> reads) {
        FanOutAftermath.FanOut recorded = aftermath.begin(MDC.get(REQUEST_ID_KEY));
        List<Read<?>> noted = new ArrayList<>(reads.size());
        for (Read<?> read : reads) {
            noted.add(noted(read, recorded));
        }
        boolean failed = true;
        try {
            Answers answers = fanOut.readAll(noted);
            failed = false;
            return answers;
        } finally {
            recorded.answers(failed);
        }
    }

    private <T> Read<T> noted(Read<T> read, FanOutAftermath.FanOut fanOut) {
        return new Read<>(read.branch(), () -> {
            placement.record(Layer.FAN_OUT_BRANCH);
            fanOut.readStarts(MDC.get(REQUEST_ID_KEY));
            try {
                return read.call().get();
            } finally {
                fanOut.readEnds();
            }
        });
    }
}
