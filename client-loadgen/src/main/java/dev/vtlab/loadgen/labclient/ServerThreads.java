package dev.vtlab.loadgen.labclient;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lab data: the server's {@code /lab/threads}, per layer ({@link ServerLayer}) which
 * kind and pool of thread ran it, and how often, since the lab's reset.
 *
 * @param layers by layer name, in the server's order
 */
public record ServerThreads(@JsonValue Map<String, Layer> layers) {

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public ServerThreads {
        layers = new LinkedHashMap<>(layers);
    }

    /**
     * One layer.
     *
     * @param virtual  calls on virtual threads
     * @param platform calls on platform threads
     * @param pools    the same calls by pool
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Layer(long virtual, long platform, List<Pool> pools) {
    }

    /**
     * Calls of one layer on one pool.
     *
     * @param pool  a thread name without its number, e.g. {@code vt-tomcat-}
     * @param kind  {@code VIRTUAL} or {@code PLATFORM}
     * @param calls how many
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Pool(String pool, String kind, long calls) {
    }

    /** The pools of a layer; none when the layer did not run. */
    public List<Pool> pools(ServerLayer layer) {
        Layer found = layers.get(layer.name());
        return found == null || found.pools() == null ? List.of() : found.pools();
    }
}
