//! The master key: from configuration, or from its file, created on first start.

use anyhow::{bail, Context};
use coffer_domain::crypto::SecretBox;
use std::io::Write;
use std::path::Path;

use crate::config::SecurityConfig;

pub fn master_key(config: &SecurityConfig) -> anyhow::Result<[u8; 32]> {
    let configured = config.master_key.expose();
    if !configured.is_empty() {
        return to_key(configured).context("security.master_key");
    }
    let path = Path::new(&config.master_key_file);
    if path.exists() {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        return to_key(text.trim()).with_context(|| format!("the master key file {}", path.display()));
    }
    let key = SecretBox::generate_key();
    write_new_key_file(path, &key)?;
    tracing::warn!(path = %path.display(), "generated a new master key; back it up, sealed secrets cannot be read without it");
    Ok(key)
}

fn to_key(hex: &str) -> anyhow::Result<[u8; 32]> {
    match hex::decode(hex) {
        Ok(bytes) if bytes.len() == 32 => Ok(bytes.try_into().expect("32 bytes")),
        _ => bail!("must be 64 hex characters (32 bytes)"),
    }
}

fn write_new_key_file(path: &Path, key: &[u8; 32]) -> anyhow::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    writeln!(file, "{}", hex::encode(key)).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Secret;

    #[test]
    fn a_key_file_is_created_once_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("keys/master.key");
        let config = SecurityConfig {
            master_key: Secret::default(),
            master_key_file: file.display().to_string(),
        };
        let first = master_key(&config).unwrap();
        assert_eq!(
            master_key(&config).unwrap(),
            first,
            "the same key on the next start"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(
                std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
                0o600
            );
        }
        std::fs::write(&file, "not hex").unwrap();
        assert!(
            master_key(&config).is_err(),
            "a corrupt key file is an error, not a new key"
        );
    }
}
