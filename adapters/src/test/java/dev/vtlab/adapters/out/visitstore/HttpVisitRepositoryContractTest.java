package dev.vtlab.adapters.out.visitstore;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.adapters.VisitRepositoryContract;
import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.downstream.visitstore.VisitStore;
import org.junit.jupiter.api.AfterEach;

import java.net.http.HttpClient;
import java.time.Duration;

/** The use-case contract over the HTTP adapter, against a visit store on loopback. */
class HttpVisitRepositoryContractTest extends VisitRepositoryContract {

    private final VisitStore store = Downstreams.visitStore(0, Duration.ZERO);
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Override
    protected VisitRepository freshRepository() {
        return new HttpVisitRepository(client, store.url(), Duration.ofSeconds(5));
    }

    @AfterEach
    void stop() {
        client.close();
        store.close();
    }
}
