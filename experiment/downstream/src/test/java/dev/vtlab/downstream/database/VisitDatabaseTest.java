package dev.vtlab.downstream.database;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The H2 database over TCP: a client reaches it with the URL it reports, sleeps in it, and /stats counts rows. */
class VisitDatabaseTest {

    @Test
    void a_client_waits_inside_the_database_and_the_stats_count_what_it_inserted() throws Exception {
        try (VisitDatabase database = VisitDatabase.startH2(0, 0);
             Connection connection = DriverManager.getConnection(database.jdbcUrl());
             Statement statement = connection.createStatement();
             HttpClient http = HttpClient.newHttpClient()) {
            assertThat(database.jdbcUrl()).startsWith("jdbc:h2:tcp://127.0.0.1:");

            try (ResultSet waited = statement.executeQuery("SELECT VTLAB_SLEEP(20)")) {
                assertThat(waited.next()).isTrue();
                assertThat(waited.getInt(1)).isEqualTo(20);
            }
            statement.executeUpdate("INSERT INTO visit (who, visitor_number) VALUES ('Ada', 1)");

            HttpResponse<String> stats = http.send(HttpRequest.newBuilder(URI.create(database.statsUrl() + "/stats"))
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(stats.statusCode()).isEqualTo(200);
            assertThat(stats.body()).isEqualTo("{\"saved\":1}");
            assertThat(database.countVisits()).isEqualTo(1);
        }
    }

    @Test
    void each_visit_has_its_time_and_the_readings_are_there_once_after_a_second_preparation() throws Exception {
        try (VisitDatabase database = VisitDatabase.startH2(0, 0);
             Connection connection = DriverManager.getConnection(database.jdbcUrl());
             Statement statement = connection.createStatement()) {
            Schema.create(connection, true);
            statement.executeUpdate("INSERT INTO visit (who, visitor_number) VALUES ('Ada', 1)");

            try (ResultSet visit = statement.executeQuery("SELECT visited_at FROM visit")) {
                assertThat(visit.next()).isTrue();
                assertThat(visit.getObject(1, java.time.OffsetDateTime.class)).isNotNull();
            }
            try (ResultSet readings = statement.executeQuery("SELECT title FROM reading ORDER BY turn")) {
                for (String title : dev.vtlab.downstream.serving.Readings.IN_TURN) {
                    assertThat(readings.next()).isTrue();
                    assertThat(readings.getString(1)).isEqualTo(title);
                }
                assertThat(readings.next()).isFalse();
            }
        }
    }

    @Test
    void a_client_cannot_create_another_database_on_the_server() throws Exception {
        try (VisitDatabase database = VisitDatabase.startH2(0, 0)) {
            String other = database.jdbcUrl().replace("/mem:vtlab", "/mem:other");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> DriverManager.getConnection(other).close())
                    .hasMessageContaining("not found");
        }
    }
}
