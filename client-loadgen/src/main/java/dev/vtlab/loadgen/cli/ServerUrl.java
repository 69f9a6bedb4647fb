package dev.vtlab.loadgen.cli;

import dev.vtlab.redaction.Secrets;
import picocli.CommandLine;

import java.net.URI;
import java.net.URISyntaxException;

/** Reads the server's base URL: http or https, a host, no path beyond {@code /}. */
public final class ServerUrl implements CommandLine.ITypeConverter<URI> {

    @Override
    public URI convert(String value) {
        try {
            URI uri = new URI(value.strip());
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                    || !(uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/"))) {
                throw new CommandLine.TypeConversionException(
                        "'" + Secrets.redact(value) + "' is not a server URL such as http://127.0.0.1:8080");
            }
            return URI.create(uri.getScheme() + "://" + uri.getRawAuthority());
        } catch (URISyntaxException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + Secrets.redact(value) + "' is not a server URL such as http://127.0.0.1:8080");
        }
    }
}
