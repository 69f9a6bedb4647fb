package dev.vtlab.loadgen.cli;

import dev.vtlab.redaction.Secrets;
import picocli.CommandLine;

import java.net.URI;
import java.net.URISyntaxException;

/** Reads a full http or https URL, path and query included: a page to load, or where meters are served. */
public final class HttpUrl implements CommandLine.ITypeConverter<URI> {

    @Override
    public URI convert(String value) {
        try {
            URI uri = new URI(value.strip());
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // refused below
        }
        throw new CommandLine.TypeConversionException("'" + Secrets.redact(value)
                + "' is not an http URL such as http://127.0.0.1:8081/actuator/prometheus");
    }
}
