// Every Mantine style, in Mantine's layer (the same rules as first-screen.css, so loading it never moves anything).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
