package dev.vtlab.redaction;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SecretsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            jdbc:postgresql://127.0.0.1:5432/vtlab?user=vtlab&password=s3cret | jdbc:postgresql://127.0.0.1:5432/vtlab?user=***&password=***
            jdbc:postgresql://127.0.0.1:5432/vtlab?password=s3cret&user=vtlab&ssl=true | jdbc:postgresql://127.0.0.1:5432/vtlab?password=***&user=***&ssl=true
            jdbc:postgresql://127.0.0.1:5432/vtlab?user=vtlab | jdbc:postgresql://127.0.0.1:5432/vtlab?user=vtlab
            jdbc:postgresql://vtlab:s3cret@127.0.0.1:5432/vtlab | jdbc:postgresql://***@127.0.0.1:5432/vtlab
            http://ada:s3cret@127.0.0.1:8080/sync?name=Ada | http://***@127.0.0.1:8080/sync?name=Ada
            jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab;USER=sa;PASSWORD=s3cret | jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab;USER=***;PASSWORD=***
            jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab;USER=sa;PASSWORD= | jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab;USER=sa;PASSWORD=
            http://127.0.0.1/x?api_key=s3cret&client_secret=s3cret&access_token=s3cret&page=2 | http://127.0.0.1/x?api_key=***&client_secret=***&access_token=***&page=2
            http://127.0.0.1/x?sslPassword=s3cret&pwd=s3cret | http://127.0.0.1/x?sslPassword=***&pwd=***
            --vtlab.repository.password=s3cret | --vtlab.repository.password=***
            --server-arg=vtlab.repository.password=s3cret | --server-arg=vtlab.repository.password=***
            --database-url=jdbc:postgresql://h/db?user=vtlab&password=s3cret | --database-url=jdbc:postgresql://h/db?user=***&password=***
            --heap=512m | --heap=512m
            """)
    void hides_credentials_in_every_url_shape(String given, String shown) {
        assertThat(Secrets.redact(given)).isEqualTo(shown).doesNotContain("s3cret");
    }

    @Test
    void a_command_line_keeps_its_other_words_and_its_spacing() {
        String line = "vtlab-loadgen matrix --repository jdbc  --database-url "
                + "jdbc:postgresql://127.0.0.1:5432/vtlab?user=vtlab&password=s3cret --modes sync";

        assertThat(Secrets.redact(line)).isEqualTo("vtlab-loadgen matrix --repository jdbc  --database-url "
                + "jdbc:postgresql://127.0.0.1:5432/vtlab?user=***&password=*** --modes sync");
    }

    @Test
    void text_without_credentials_is_unchanged() {
        String line = "Cannot start the database at jdbc:h2:tcp://127.0.0.1:9092/mem:vtlab: refused (key=)";
        assertThat(Secrets.redact(line)).isEqualTo(line);
        assertThat(Secrets.redact(null)).isNull();
    }
}
