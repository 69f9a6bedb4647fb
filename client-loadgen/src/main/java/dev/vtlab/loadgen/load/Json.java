package dev.vtlab.loadgen.load;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of this tool (Jackson 3): reads the lab's answers, writes summaries and results. */
public final class Json {

    public static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private Json() {
    }
}
