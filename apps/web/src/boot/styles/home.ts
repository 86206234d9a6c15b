// The frame's and the client list's CSS beyond the first screen's (index.ts: loadHomeStyles).
import './home-screen.css';
