//! A real SMTP server for tests: Python's aiosmtpd writing every message into a maildir.
//! (`make test` installs aiosmtpd; see scripts/setup.sh.)

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct SmtpPeer {
    pub port: u16,
    maildir: PathBuf,
    child: Child,
    _dir: tempfile::TempDir,
}

impl SmtpPeer {
    pub fn start() -> SmtpPeer {
        let dir = tempfile::tempdir().expect("temporary directory");
        let maildir = dir.path().join("maildir");
        for sub in ["cur", "new", "tmp"] {
            std::fs::create_dir_all(maildir.join(sub)).expect("maildir");
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("python3")
            .args([
                "-m",
                "aiosmtpd",
                "-n",
                "-l",
                &format!("127.0.0.1:{port}"),
                "-c",
                "aiosmtpd.handlers.Mailbox",
            ])
            .arg(&maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting aiosmtpd (python3 -m pip install aiosmtpd)");
        let deadline = Instant::now() + Duration::from_secs(15);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "aiosmtpd did not start on port {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        SmtpPeer {
            port,
            maildir,
            child,
            _dir: dir,
        }
    }

    /// Every message received so far, oldest first, as raw RFC 5322 text.
    pub fn messages(&self) -> Vec<String> {
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = ["new", "cur"]
            .iter()
            .filter_map(|sub| std::fs::read_dir(self.maildir.join(sub)).ok())
            .flatten()
            .filter_map(|entry| {
                let entry = entry.ok()?;
                Some((entry.metadata().ok()?.modified().ok()?, entry.path()))
            })
            .collect();
        files.sort();
        files
            .into_iter()
            .filter_map(|(_, path)| std::fs::read_to_string(path).ok())
            .collect()
    }
}

impl Drop for SmtpPeer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
